import type { ModelParticle } from '../../generator/kit.ts';
import { plainText } from '../kit/text.ts';

/**
 * Longest model text shown for one turn (laying out more on every append stalls the page); a hostile 2 MB answer is cut
 * with a note.
 */
export const MAX_TURN_TEXT = 32_000;
/** Final text up to this length is shown as markdown; longer stays plain (rendering it would stall the page). */
const MARKDOWN_MAX = 20_000;

/** One turn as the transcript shows it. */
export interface TranscriptTurn {
  /** What the user said (text parts), if anything. */
  user?: string;
  /** The model's text so far (streamed `text` chunks) or its final text (`message`). */
  text: string;
  /** Characters of model text that were not shown (over MAX_TURN_TEXT). */
  cut: number;
  final: boolean;
  /** Problems shown under the turn (skipped lines, errors, an incomplete stream). */
  notes: string[];
  /** The HTTP error of the turn, shown as an alert. */
  error?: { title: string; detail: string };
  /** The stream ended without `message`: a Retry button is shown. */
  retry?: () => void;
}

/**
 * The transcript's particle tree: one group per turn, keyed by turn number, so the model's text
 * grows by suffix and suip's diff sends it as `suip/ops/append` (O(token) bytes). The final
 * `message` replaces it (authoritative), as markdown when it is short enough.
 */
export function transcriptTree(turns: readonly TranscriptTurn[]): ModelParticle {
  return {
    group: turns.map((turn, i): readonly [string, ModelParticle] => {
      const children: Array<readonly [string, ModelParticle]> = [];
      if (turn.user !== undefined)
        children.push([
          'user',
          {
            type: 'status',
            group: [
              ['label', plainText('You')],
              ['detail', plainText(turn.user.slice(0, 2000))],
            ],
          },
        ]);
      if (turn.text !== '')
        children.push([
          'model',
          turn.final && turn.text.length <= MARKDOWN_MAX && turn.cut === 0
            ? { text: turn.text, mimeType: 'text/markdown' }
            : plainText(turn.text),
        ]);
      if (turn.cut > 0)
        children.push(['cut', plainText(`[… ${turn.cut} more characters of the model's text were not shown]`)]);
      if (turn.error)
        children.push([
          'error',
          {
            type: 'alert',
            group: [
              ['tone', plainText('error')],
              ['title', plainText(turn.error.title)],
              ['detail', plainText(turn.error.detail)],
            ],
          },
        ]);
      turn.notes.slice(0, 20).forEach((note, n) =>
        children.push([
          `note-${n}`,
          {
            type: 'alert',
            group: [
              ['tone', plainText('warning')],
              ['text', plainText(note)],
            ],
          },
        ]),
      );
      if (turn.retry)
        children.push([
          'retry',
          {
            type: 'button',
            group: [
              ['label', plainText('Retry')],
              ['tone', plainText('secondary')],
            ],
            on: { click: turn.retry },
          },
        ]);
      return [`turn-${i}`, { group: children }];
    }),
  };
}
