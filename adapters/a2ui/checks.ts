import { resolveDynamic, type Scope } from './resolve.ts';

/** Most checks one component may carry; more are ignored. */
export const MAX_CHECKS = 32;

/**
 * The messages of the checks whose condition is false, in order. A condition that fails to
 * evaluate counts as failing, and `onError` hears why (the translation reports it to the agent).
 */
export function failingChecksIn(
  checks: readonly unknown[],
  scope: Scope,
  onError?: (index: number, error: unknown) => void,
): string[] {
  const failed: string[] = [];
  checks.slice(0, MAX_CHECKS).forEach((check: unknown, i) => {
    const rule = (typeof check === 'object' && check !== null ? check : {}) as Record<string, unknown>;
    let ok = false;
    try {
      ok = Boolean(resolveDynamic(rule.condition, scope));
    } catch (error) {
      onError?.(i, error);
    }
    if (!ok) failed.push(typeof rule.message === 'string' ? rule.message : 'Invalid value');
  });
  return failed;
}
