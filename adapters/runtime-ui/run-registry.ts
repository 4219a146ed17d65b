import { createOrderBuffer, type OrderBuffer } from './order-buffer.ts';
import type { AgentEvent, NotificationParams } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { applyEvent, newRun, TERMINAL_STATUSES, type RunView } from './transcript-state.ts';
import type { TranscriptModel } from './transcript-view.ts';

/** One run's view and the buffer that puts its events in `seq` order. */
interface RunEntry {
  run: RunView;
  buffer: OrderBuffer<AgentEvent>;
}

/** The most runs the transcript keeps; older ones leave the model. */
const MAX_RUNS = 200;

/**
 * The runs the transcript shows, by run id per runtime process and by view key, and which runtime
 * process is the current one (`generation`). Run ids are per process: a restarted runtime may reuse
 * them, so a run is found by (generation, run id). Each run's events go through its own order
 * buffer (a gap is skipped after `gapMs`); after a terminal status, late events are ignored.
 */
export class RunRegistry {
  /** The current runtime process (-1 before the bridge said which one runs). */
  generation = -1;
  private readonly byRunId = new Map<string, RunEntry>();
  private readonly byKey = new Map<string, RunView>();
  private counter = 0;

  constructor(
    private readonly model: TranscriptModel,
    private readonly changed: () => void,
    private readonly warn: (message: string, code?: string) => void,
    private readonly gapMs?: number,
  ) {}

  /** A new run's view at the end of the transcript; tracked at once when its run id is known. */
  add(runId: string | undefined, userText: string, replayed = false): RunView {
    this.counter += 1;
    const run = newRun(`r${this.counter}`, runId ?? '', userText, replayed, this.generation);
    this.model.runs.push(run);
    this.byKey.set(run.key, run);
    if (this.model.runs.length > MAX_RUNS) this.byKey.delete(this.model.runs.shift()!.key);
    if (runId !== undefined) this.track(run, this.generation);
    return run;
  }

  /** Files `run` under its run id in runtime process `gen`, with a fresh order buffer. */
  track(run: RunView, gen: number): void {
    run.generation = gen;
    // A run of a runtime process that is no longer the current one can never be reached again.
    if (gen < this.generation && run.ended === undefined)
      run.ended = `the runtime process that ran it (generation ${gen}) exited`;
    const buffer = createOrderBuffer<AgentEvent>({
      deliver: (_seq, event) => {
        applyEvent(run, event);
        this.changed();
      },
      gapMs: this.gapMs,
      onWarning: (message) => this.warn(`run ${run.runId}: ${message}`, 'event_order'),
    });
    this.byRunId.set(runKey(gen, run.runId), { run, buffer });
  }

  /** The run with this id in runtime process `gen`, if this page knows it. */
  find(gen: number, runId: string): RunView | undefined {
    return this.byRunId.get(runKey(gen, runId))?.run;
  }

  /** The run shown under this view key. */
  byViewKey(key: string): RunView | undefined {
    return this.byKey.get(key);
  }

  /**
   * The view of a run, made when this page did not start it (another window, a replayed session,
   * an earlier process): shown all the same.
   */
  runFor(gen: number, runId: string, userText = '(started elsewhere)', replayed = false): RunEntry {
    let entry = this.byRunId.get(runKey(gen, runId));
    if (entry === undefined) {
      const run = this.add(undefined, userText, replayed);
      run.runId = runId;
      this.track(run, gen);
      entry = this.byRunId.get(runKey(gen, runId))!;
    }
    return entry;
  }

  /** One `agent.event` of runtime process `gen`, into its run's order buffer. */
  onEvent(gen: number, params: NotificationParams<'agent.event'>): void {
    // A replayed run: codelia's runtimes send the user's message with seq -1, suip's number it 0 and mark
    // `meta.replayed`.
    const replayed = params.seq === -1 || params.meta?.replayed === true;
    const entry = this.runFor(
      gen,
      params.run_id,
      replayed && params.event.type === 'hidden_user_message' ? params.event.content : undefined,
      replayed,
    );
    if (params.seq === -1) return;
    // SECURITY: the seed's rule: after a terminal status (cancelled above all), late events are ignored.
    if (TERMINAL_STATUSES.has(entry.run.status) && !entry.run.replayed)
      return this.warn(`run ${params.run_id}: an event after the run ended was ignored`);
    entry.buffer.push(params.seq, params.event);
  }

  /** A run's status; a terminal one is final, and flushes and ends the run's order buffer. */
  setStatus(run: RunView, status: RunView['status'], message?: string): void {
    if (TERMINAL_STATUSES.has(run.status)) return;
    run.status = status;
    run.statusMessage = message;
    if (TERMINAL_STATUSES.has(status)) {
      const entry = [...this.byRunId.values()].find((e) => e.run === run);
      entry?.buffer.flush();
      entry?.buffer.dispose();
    }
    this.changed();
  }

  /** Runs of runtime processes before `next` that never ended are over: that process is gone. */
  endRunsBefore(next: number, why: (gen: number) => string): void {
    for (const run of this.model.runs)
      if (run.generation < next && run.runId !== '' && !TERMINAL_STATUSES.has(run.status) && run.ended === undefined)
        run.ended = why(run.generation);
  }
}

/** Run ids are per runtime process: a restarted runtime may reuse them. */
const runKey = (gen: number, runId: string) => `${gen}:${runId}`;
