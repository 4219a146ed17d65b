import type { A2uiOutgoing, A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import type { A2uiIssue } from './bridge-options.ts';
import { A2uiError } from './limits.ts';
import type { TranslateIssue } from './translate.ts';

/** Render refusals told per surface at most; past it the agent has heard enough about that surface. */
export const MAX_TOLD_RENDER_ISSUES = 1000;

/**
 * The bridge's errors to the agent: each fault becomes one `error` message, and the problems of a
 * surface's translation are told once while they last, not again on every re-render (every
 * keystroke re-translates).
 */
export class AgentIssues {
  /** Problems already sent per surface (`code path message` keys; render refusals start with `render `). */
  readonly #told = new Map<string, Set<string>>();
  readonly #send: (out: A2uiOutgoing) => void;
  readonly #version: A2uiVersion;

  constructor(send: (out: A2uiOutgoing) => void, version: A2uiVersion) {
    this.#send = send;
    this.#version = version;
  }

  /** A failure while applying a message: sent to the agent as an `error` and returned as the issue list. */
  fail(surfaceId: string, error: unknown): A2uiIssue[] {
    const e =
      error instanceof A2uiError
        ? error
        : new A2uiError('INTERNAL', '', error instanceof Error ? error.message : String(error));
    const issue: A2uiIssue = { adapter: 'a2ui', code: e.code, surfaceId, path: e.path, message: e.message };
    this.send(issue);
    return [issue];
  }

  /** Sends one issue as an A2UI `error` message (VALIDATION_FAILED always names a path, `/` at least). */
  send(issue: A2uiIssue): void {
    const error =
      issue.code === 'VALIDATION_FAILED'
        ? { code: issue.code, surfaceId: issue.surfaceId, path: issue.path || '/', message: issue.message }
        : { code: issue.code, surfaceId: issue.surfaceId, message: issue.message, path: issue.path };
    this.#send({ message: { version: this.#version, error } });
  }

  /** Tells the agent the problems of a surface's new translation it has not been told yet. */
  tellTranslation(surfaceId: string, issues: readonly TranslateIssue[]): void {
    const told = this.#told.get(surfaceId);
    // Nothing told and nothing to tell (every update of a sound surface): no bookkeeping.
    if (issues.length === 0 && (told === undefined || told.size === 0)) return;
    const before = told ?? new Set<string>();
    const now = new Set<string>();
    for (const issue of issues) {
      const key = `${issue.code} ${issue.path} ${issue.message}`;
      now.add(key);
      if (!before.has(key)) this.send({ adapter: 'a2ui', ...issue, surfaceId });
    }
    // Render refusals stay told for the surface's life; translation issues only while they last.
    for (const key of before) if (key.startsWith('render ')) now.add(key);
    this.#told.set(surfaceId, now);
  }

  /** Tells the agent a renderer refusal once per surface, component path and message. */
  tellRender(issue: A2uiIssue, refusal: string): void {
    const told = this.#told.get(issue.surfaceId) ?? new Set<string>();
    this.#told.set(issue.surfaceId, told);
    const key = `render ${issue.path} ${refusal}`;
    if (!told.has(key) && told.size < MAX_TOLD_RENDER_ISSUES) {
      told.add(key);
      this.send(issue);
    }
  }

  /** Forgets a deleted surface. */
  forget(surfaceId: string): void {
    this.#told.delete(surfaceId);
  }
}
