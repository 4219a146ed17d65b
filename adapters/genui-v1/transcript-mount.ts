import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import { fromGenuiIssue } from '../kit/issue.ts';
import type { GenuiIssue, GenuiProblem } from './client.ts';
import { MAX_TURN_TEXT, transcriptTree, type TranscriptTurn } from './transcript.ts';

type Handle = { detach(options?: { keep?: boolean }): Promise<void> };

/** How long text chunks gather before one render: one per ~30 ms is enough for a person to read. */
const RENDER_DELAY_MS = 30;
/** Notes one turn shows at most. */
const MAX_NOTES = 20;

/**
 * The transcript mount: the turns (the user's text, the answer's text, notes, errors) and their
 * one in-page generator, rendered at most once per ~30 ms while text streams.
 */
export class TranscriptMount {
  readonly turns: TranscriptTurn[] = [];
  readonly #generator: Promise<LocalGenerator<Handle>>;
  readonly #onIssue: ((issue: GenuiIssue) => void) | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #done: Promise<void> = Promise.resolve();

  constructor(renderer: RemoteAttachTarget<Handle>, id: string, onIssue: ((issue: GenuiIssue) => void) | undefined) {
    this.#generator = createLocalGenerator(renderer, { id, name: 'GenUI transcript', originKind: 'genui' });
    this.#onIssue = onIssue;
  }

  /** The turn in progress (created when there is none yet). */
  current(): TranscriptTurn {
    if (this.turns.length === 0) this.turns.push({ text: '', cut: 0, final: false, notes: [] });
    return this.turns[this.turns.length - 1]!;
  }

  /** Starts a turn. */
  begin(user: string | undefined): void {
    this.turns.push({ user, text: '', cut: 0, final: false, notes: [] });
  }

  /** Appends streamed text to the turn in progress, bounded by `MAX_TURN_TEXT` (the rest is counted). */
  append(text: string): void {
    const turn = this.current();
    const room = Math.max(0, MAX_TURN_TEXT - turn.text.length);
    turn.text += text.slice(0, room);
    turn.cut += Math.max(0, text.length - room);
    void this.render();
  }

  /** Ends the turn in progress with its final message's text. */
  finish(text: string): void {
    const turn = this.current();
    turn.text = text.slice(0, MAX_TURN_TEXT);
    turn.cut = Math.max(0, text.length - MAX_TURN_TEXT);
    turn.final = true;
  }

  /** Reports a problem to `onIssue`; shows it as a note of the turn unless the turn says it its own way. */
  readonly issue = (found: GenuiProblem): void => {
    this.#onIssue?.(fromGenuiIssue(found));
    if (found.code === 'incomplete' || found.code === 'http_error') return;
    const turn = this.current();
    if (turn.notes.length < MAX_NOTES)
      turn.notes.push(
        'surfaceId' in found ? `Surface "${found.surfaceId.slice(0, 60)}": ${found.message}` : found.message,
      );
    void this.render();
  };

  /** Renders soon, or now (`now`: every pending change, the returned promise settles after it). */
  render(now = false): Promise<void> {
    if (this.#timer !== undefined && !now) return this.#done;
    clearTimeout(this.#timer);
    const run = () => {
      this.#timer = undefined;
      this.#done = this.#generator
        .then((g) => g.render(transcriptTree(this.turns)))
        .catch((error: unknown) =>
          this.issue({ code: 'bad_line', message: `the transcript could not be shown: ${String(error)}` }),
        );
      return this.#done;
    };
    if (now) return run();
    this.#timer = setTimeout(() => void run(), RENDER_DELAY_MS);
    return this.#done;
  }

  async close(): Promise<void> {
    clearTimeout(this.#timer);
    await (await this.#generator).close().catch(() => undefined);
  }
}
