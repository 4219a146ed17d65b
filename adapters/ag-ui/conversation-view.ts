import type { ModelParticle } from '../../generator/kit.ts';
import { createLocalGenerator, type LocalGenerator } from '../../renderer/remote.ts';
import type { Renderer } from '../../renderer/renderer-types.ts';
import { plainText as plain } from '../kit/text.ts';
import type { Report } from './issue-notes.ts';
import { transcriptTree, type Entry } from './transcript.ts';

/** The run's status line: what the banner of the conversation says. */
export interface RunStatus {
  label: string;
  tone: string;
  detail?: string;
}

type Handle = Awaited<ReturnType<Renderer['attachRemote']>>;

/** How long changes gather before one render (however many deltas arrive). */
const RENDER_DELAY_MS = 30;

/**
 * The conversation on screen: one in-page generator, rendered at most once per ~30 ms. When the
 * renderer refuses a render whole (it would refuse every later one while the entry stays), it
 * falls back to plain text for good and says why.
 */
export class ConversationView {
  status: RunStatus = { label: 'Ready', tone: 'neutral' };
  readonly #generator: Promise<LocalGenerator<Handle>>;
  readonly #entries: () => ReadonlyMap<string, Entry>;
  readonly #report: Report;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #plainOnly = false;

  constructor(
    renderer: Pick<Renderer, 'attachRemote'>,
    id: string,
    entries: () => ReadonlyMap<string, Entry>,
    report: Report,
  ) {
    this.#generator = createLocalGenerator<Handle>(renderer, { id, name: 'AG-UI conversation', originKind: 'agent' });
    this.#entries = entries;
    this.#report = report;
  }

  /** Renders soon (once for every change until then). */
  readonly schedule = (): void => {
    if (this.#timer === undefined) this.#timer = setTimeout(() => void this.renderNow(), RENDER_DELAY_MS);
  };

  /** Renders every pending change now. */
  renderNow(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    return this.#generator
      .then((g) => g.render(transcriptTree(this.#entries(), this.#statusParticle(), this.#plainOnly)))
      .catch((error: unknown) => {
        const why = error instanceof Error ? error.message : String(error);
        if (this.#plainOnly)
          return this.#report('render_failed', `the conversation could not be shown: ${why}`, undefined, false);
        this.#plainOnly = true;
        this.#report(
          'render_failed',
          'the conversation could not be shown as markdown, so it is shown as plain text from now on: ' +
            why.slice(0, 500),
        );
        return this.renderNow();
      });
  }

  /** Stops rendering and takes the conversation off the page. */
  async close(): Promise<void> {
    clearTimeout(this.#timer);
    await (await this.#generator).close().catch(() => undefined);
  }

  #statusParticle(): ModelParticle {
    const { label, tone, detail } = this.status;
    return {
      type: 'status',
      group: [['label', plain(label)], ['tone', plain(tone)], ...(detail ? [['detail', plain(detail)] as const] : [])],
    };
  }
}
