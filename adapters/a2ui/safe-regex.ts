import { A2uiError } from './limits.ts';

/** Longest pattern a check may compile. */
export const MAX_PATTERN_CHARS = 1000;
/** Longest input a check may run a regular expression on (longer input fails the check). */
export const MAX_REGEX_INPUT_CHARS = 10_000;

/**
 * A quantified group that itself holds a quantifier (`(a+)+`, `(\w*)*`, `(x|y+){2,}`): the shape of
 * catastrophic backtracking. A heuristic (star height > 1) that refuses the classic ReDoS patterns;
 * it does not prove the rest linear, so inputs are bounded too.
 */
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*(?:[+*]|\{\d+,?\d*\})(?:[^()\\]|\\.)*\)(?:[+*]|\{\d+,?\d*\})/;

/** Compiles an agent's pattern, refusing over-long patterns and nested quantifiers with the reason. */
export function compileAgentRegex(pattern: string): RegExp {
  if (pattern.length > MAX_PATTERN_CHARS)
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `regular expression has ${pattern.length} characters; at most ${MAX_PATTERN_CHARS}`,
    );
  if (NESTED_QUANTIFIER.test(pattern))
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `regular expression ${JSON.stringify(pattern.slice(0, 80))} repeats a repeated group (like "(a+)+"), which can take exponential time; write it without the nested quantifier`,
    );
  try {
    return new RegExp(pattern);
  } catch {
    throw new A2uiError('EXPRESSION_ERROR', '', `invalid regular expression ${JSON.stringify(pattern.slice(0, 80))}`);
  }
}
