import type { AbstractAgent } from '@ag-ui/client';
import type { AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import { createAgentState, type AgentStateStore } from './agent-state.ts';
import type { Report } from './issue-notes.ts';

/** What reads the agent state on its data plane (a generator handle). */
export interface StateReader {
  input(channel: string, value: unknown): void;
}

/**
 * The agent state as the host holds it (validated, bounded), and who reads it: programs on their
 * data plane and `@ag-ui/client` itself. Both hear it at most once per frame with the latest value:
 * each delivery copies the whole state (structured clone to a Worker, the client's own clone), so
 * per-delta delivery made a burst of small patches cost the state's size each.
 */
export class StateShare {
  readonly store: AgentStateStore;
  readonly #readers = new Set<StateReader>();
  readonly #agent: AbstractAgent;
  readonly #channel: string;
  readonly #report: Report;
  #dirty = false;
  #frame: ReturnType<typeof setTimeout> | number | undefined;

  constructor(agent: AbstractAgent, limits: AgUiLimits, channel: string, report: Report) {
    this.#agent = agent;
    this.#channel = channel;
    this.#report = report;
    this.store = createAgentState(agent.state ?? {}, limits);
    this.store.subscribe(() => {
      this.#dirty = true;
      this.#frame ??= nextFrame(this.flush);
    });
  }

  /** Sends the state to `reader` now and on every change until `remove`. */
  add(reader: StateReader): void {
    this.#readers.add(reader);
    this.#feed(reader);
  }

  remove(reader: StateReader): void {
    this.#readers.delete(reader);
  }

  /** Delivers a pending change now (before a run's end, before the next run's input is read). */
  readonly flush = (): void => {
    if (typeof this.#frame === 'number' && typeof cancelAnimationFrame === 'function')
      cancelAnimationFrame(this.#frame);
    else clearTimeout(this.#frame);
    this.#frame = undefined;
    if (!this.#dirty) return;
    this.#dirty = false;
    // One copy per frame for the client (and its onStateChanged subscribers), not one per delta.
    this.#agent.setState(this.store.value as Record<string, unknown>);
    this.#readers.forEach((reader) => this.#feed(reader));
  };

  #feed(reader: StateReader): void {
    try {
      reader.input(this.#channel, this.store.value);
    } catch (error) {
      this.#readers.delete(reader);
      this.#report(
        'state_not_delivered',
        `the state could not be sent to a program: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  }
}

const nextFrame = (run: () => void): ReturnType<typeof setTimeout> | number =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16);
