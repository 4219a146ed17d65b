import type { GeneratorHandle, Renderer } from '../../renderer/renderer-types.ts';
import { ACTION_CHANNEL, runProgram, type ProgramRenderer } from './frontend-tools.ts';
import type { Report } from './issue-notes.ts';
import type { StateShare } from './state-share.ts';

/** Actions one program may turn into agent runs per minute. */
const ACTIONS_PER_MINUTE = 10;

type Handle = Awaited<ReturnType<Renderer['attachRemote']>> | GeneratorHandle;

/** What the programs need of the connection. */
export interface AgentProgramParts {
  renderer: ProgramRenderer;
  /** Mount ids are `<prefix>-program-<n>`. */
  prefix: string;
  /** Programs on screen at once: past it the oldest is detached and said. */
  maxPrograms: number;
  state: StateShare;
  report: Report;
  /** Sends a program's action to the agent as a user message. */
  send(text: string): Promise<unknown>;
}

/**
 * The programs the agent put on screen (`suip_render_program`), oldest first: each in its own
 * sandbox, fed the agent state, its actions sent back to the agent within a budget.
 */
export class AgentPrograms {
  /** Programs started so far (numbers the mount ids). */
  #count = 0;
  readonly #mounted: Array<{ id: string; handle: Handle }> = [];
  #closed = false;
  readonly #parts: AgentProgramParts;

  constructor(parts: AgentProgramParts) {
    this.#parts = parts;
  }

  /** Runs the program of a `suip_render_program` call; the result is the tool's answer to the agent. */
  async run(args: Record<string, unknown>): Promise<string> {
    const { code } = args;
    if (typeof code !== 'string' || code === '')
      return JSON.stringify({ error: '"code" must be the program as a string' });
    this.#count += 1;
    const id = `${this.#parts.prefix}-program-${this.#count}`;
    const title =
      typeof args.title === 'string' && args.title !== '' ? args.title.slice(0, 80) : `Program ${this.#count}`;
    // Heard from the attach on: a press while the first render is still being judged waits for
    // the verdict, then goes on as any action (or is refused out loud if the program failed).
    const early: unknown[] = [];
    let onAction = (value: unknown): void => void early.push(value);
    const outcome = await runProgram(this.#parts.renderer, id, code, title, {
      onOutput: (channel, value) => {
        if (channel === ACTION_CHANNEL && !this.#closed) onAction(value);
      },
    });
    if (!outcome.ok) {
      onAction = () => undefined;
      if (early.length > 0)
        this.#parts.report(
          'action_refused',
          `"${title}" sent an action before it had started, then failed; it was dropped`,
          id,
        );
      return JSON.stringify({ rendered: false, errors: outcome.error });
    }
    this.#parts.state.add(outcome.handle);
    this.#mounted.push({ id, handle: outcome.handle });
    await this.#makeRoom();
    onAction = this.#actionBudget(id, title);
    for (const value of early.splice(0)) onAction(value);
    return JSON.stringify({ rendered: true, mount: id });
  }

  /** From now on no program's action reaches the agent (the connection is closing; called before any await). */
  stop(): void {
    this.#closed = true;
  }

  /** Detaches every program (their sandboxes too). */
  async close(): Promise<void> {
    this.stop();
    for (const { id, handle } of this.#mounted.splice(0)) {
      this.#parts.state.remove(handle);
      await this.#parts.renderer.detach(id).catch(() => undefined);
    }
  }

  /** SECURITY: bounded: each program holds a sandbox (iframe, Worker); the oldest makes room. */
  async #makeRoom(): Promise<void> {
    const { maxPrograms, state, renderer, report } = this.#parts;
    while (this.#mounted.length > maxPrograms) {
      const oldest = this.#mounted.shift()!;
      state.remove(oldest.handle);
      await renderer.detach(oldest.id).catch(() => undefined);
      report(
        'program_replaced',
        `more than ${maxPrograms} programs on screen (maxPrograms): the oldest, ${oldest.id}, was removed`,
        oldest.id,
      );
    }
  }

  /**
   * SECURITY: a program cannot drive the agent without end: one action run of its own pending at
   * a time, and at most ACTIONS_PER_MINUTE a minute; what is refused is said. (The renderer does
   * not expose a program's user activation to adapters, so this budget stands in for it.)
   */
  #actionBudget(id: string, title: string): (value: unknown) => void {
    let pending = false;
    let actions: number[] = [];
    return (value) => {
      if (this.#closed) return;
      const now = performance.now();
      actions = actions.filter((at) => now - at < 60_000);
      if (pending || actions.length >= ACTIONS_PER_MINUTE) {
        this.#parts.report(
          'action_refused',
          pending
            ? `"${title}" sent an action while its previous one was still running the agent; it was dropped ` +
                '(one at a time per program)'
            : `"${title}" sent more than ${ACTIONS_PER_MINUTE} actions in a minute; it was dropped`,
          id,
        );
        return;
      }
      pending = true;
      actions.push(now);
      const text = `Action in "${title}": ${JSON.stringify(value)?.slice(0, 4000) ?? 'null'}`;
      void this.#parts.send(text).finally(() => (pending = false));
    };
  }
}
