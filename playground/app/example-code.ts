import { findExample } from '../../examples/index.ts';
import { withSampleMedia } from '../a2ui/sample-media.ts';
import type { SlotId } from './playground-host.ts';

/**
 * What each slot shows on a fresh visit: a card that shows off the vocabulary, and a counter beside it in split mode.
 */
export const DEFAULT_EXAMPLES: Record<SlotId, string> = { left: 'weather-card', right: 'counter' };

/** An example's code as the playground runs it: an A2UI stream gets local sample images (see `sample-media.ts`). */
export function exampleCode(id: string): string | undefined {
  const example = findExample(id);
  if (example === undefined) return undefined;
  return example.kind === 'a2ui' ? withSampleMedia(example.code).text : example.code;
}
