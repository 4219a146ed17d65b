import { createJsonUnitParser } from '../../adapters/streaming/json-units.ts';
import { check } from '../harness/check.ts';
import { measure, measureOptions } from '../harness/measure.ts';
import type { BenchCase, Row } from '../harness/types.ts';

/** A token is about 4 characters of English text, as in `bench/progressive.ts`. */
const CHARS_PER_TOKEN = 4;
const WORDS = 'the model keeps writing one more sentence about the quarter and its numbers'.split(' ');

/** One A2UI `updateComponents` line whose one Text component carries a text of about `chars` characters. */
function a2uiLine(chars: number): string {
  let text = '';
  for (let i = 0; text.length < chars; i += 1) text += `${WORDS[i % WORDS.length]} `;
  const components = [
    { id: 'title', component: 'Text', text: 'Quarterly report', variant: 'h1' },
    { id: 'body', component: 'Text', text },
    { id: 'root', component: 'Column', children: ['title', 'body'] },
  ];
  return `${JSON.stringify({ updateComponents: { surfaceId: 'main', components } })}\n`;
}

/** Feeds one line to a fresh parser token by token, as the A2UI adapter does (`adapters/a2ui/progressive-feed.ts`). */
function streamLine(tokens: readonly string[], chars: number): number {
  const parser = createJsonUnitParser({
    units: ['$.updateComponents.components.*'],
    context: ['$.updateComponents.surfaceId'],
    cuttable: (path) => path.length === 1 && path[0] === 'text',
    limits: { maxDocumentChars: 1 << 20 },
  });
  let texts = 0;
  let documents = 0;
  for (const token of tokens) {
    for (const event of parser.push(token)) {
      check(event.kind !== 'error', `${chars}: the line must parse`);
      if (event.kind === 'text') texts += 1;
      if (event.kind === 'document') documents += 1;
    }
  }
  check(documents === 1 && texts > chars / CHARS_PER_TOKEN / 2, `${chars}: one document, its text streamed`);
  return texts;
}

function tokensOf(line: string): string[] {
  const tokens: string[] = [];
  for (let i = 0; i < line.length; i += CHARS_PER_TOKEN) tokens.push(line.slice(i, i + CHARS_PER_TOKEN));
  return tokens;
}

/**
 * Issue 42, "O(delta) at any size", for the streamed-JSON parser under every progressive adapter
 * (A2UI lines, GenUI widgets, canvas ops): the CPU time of one 4-character token pushed into
 * `createJsonUnitParser` while one Text component's text grows to 2k / 20k / 80k / 262k
 * characters, the text streaming as `text` events. 'units': a whole line fed to a fresh parser
 * token by token, its time divided by the token count (flat across sizes when each token costs
 * O(its own length), growing with the text when a token reads the text so far); 'json-parse' (anchor):
 * `JSON.parse` of the finished line, divided by its token count, the cost floor of a parser that
 * waits for the whole line and shows nothing before it.
 */
export const jsonUnitsStream: BenchCase = {
  name: 'json-units-stream',
  description:
    'one token pushed into the streamed-JSON unit parser while a text grows to 2k-262k characters vs ' +
    'JSON.parse of the whole line per token',
  variants: ['units', 'json-parse'],
  run(variant, { quick }) {
    const rows: Row[] = [];
    for (const chars of quick ? [2_000, 262_000] : [2_000, 20_000, 80_000, 262_000]) {
      const line = a2uiLine(chars);
      const tokens = tokensOf(line);
      const options = measureOptions(quick);
      const whole =
        variant === 'units'
          ? measure(() => streamLine(tokens, chars), options)
          : measure(() => JSON.parse(line) as unknown, options);
      const perToken = (v: number) => v / tokens.length;
      const timing = {
        median: perToken(whole.median),
        runs: whole.runs.map(perToken),
        wall: perToken(whole.wallMedian),
      };
      rows.push({
        key: `text-${chars}/${variant}`,
        label: `a token of a ${chars.toLocaleString('en')}-character text: ${
          variant === 'units' ? 'pushed into the unit parser' : 'JSON.parse of the whole line ÷ tokens (anchor)'
        }`,
        value: timing.median,
        unit: 'µs',
        runs: timing.runs,
        wall: timing.wall,
        anchor: variant === 'units' ? [`text-2000/units`, `text-${chars}/json-parse`] : undefined,
      });
    }
    return rows;
  },
};
