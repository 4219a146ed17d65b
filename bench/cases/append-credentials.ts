import { checkUrlCredentials } from '../../core/policy/url-policy.ts';
import { applyTransaction } from '../../core/tree/index.ts';
import { Method, type GroupParticle, type Op } from '../../shared/index.ts';
import { check } from '../harness/check.ts';
import { consume, measure, measureOptions } from '../harness/measure.ts';
import type { BenchCase } from '../harness/types.ts';

/**
 * The markdown a model streams: plain prose, and prose with what makes the credentials rule scan (an `&`, a `%`, a
 * link).
 */
const OPENINGS = {
  prose: 'The quarter went well. ',
  amp: 'R&D spent 50% of it, see the notes. ',
  link: 'Details at [the report](https://example.org/r?a=1&b=2) and mail ada@example.org. ',
} as const;

const OPENING_TEXT: Record<keyof typeof OPENINGS, string> = {
  prose: 'plain prose',
  amp: 'prose opening with an & and a %',
  link: 'prose opening with a link and an address',
};

const WORDS = 'the model keeps writing one more sentence about the quarter and its numbers'.split(' ');

function paragraph(opening: string, chars: number): string {
  let text = opening;
  for (let i = 0; text.length < chars; i += 1) text += `${WORDS[i % WORDS.length]} `;
  return text;
}

const TOKEN = 'numbers';

/**
 * Issue 31 item 1, "a text append is scanned, parsed and validated in time proportional to the
 * delta": one streamed token appended to a long markdown text through `applyTransaction` with the
 * renderer's credentials rule (`checkUrlCredentials`). 'resumed': the real path, whose scan
 * resumes where the scan of the text it extends stopped (core/tree/text-extension.ts);
 * 'whole' (anchor): the same rule on a fresh particle with the grown text, a scan of the whole
 * text, which is what every token cost before.
 */
export const appendCredentials: BenchCase = {
  name: 'append-credentials',
  description:
    'one token appended to a long markdown text, with the credentials rule: the scan resumed from the text it ' +
    'extends vs a scan of the whole text',
  variants: ['resumed', 'whole'],
  run(variant, { quick }) {
    const rows = [];
    for (const [name, opening] of Object.entries(OPENINGS)) {
      for (const chars of quick ? [2_000, 262_000] : [2_000, 20_000, 80_000, 160_000, 262_000]) {
        const text = paragraph(opening, chars);
        const tree: GroupParticle = { group: [['t', { text }]] };
        // The tree's text was scanned when it arrived, as in the renderer.
        check(checkUrlCredentials(tree) === undefined, `${name}: the starting text must pass`);
        const ops: Op[] = [{ method: Method.append, params: { path: ['t'], text: TOKEN } }];
        const run =
          variant === 'resumed'
            ? () => {
                const result = applyTransaction(tree, ops, { checkGroup: (group) => checkUrlCredentials(group) });
                check(result.ok, `${name}: the append must pass`);
                return result;
              }
            : () => consume(checkUrlCredentials({ group: [['t', { text: text + TOKEN }]] }));
        const timing = measure(run, measureOptions(quick));
        rows.push({
          key: `${name}-${chars}/${variant}`,
          label: `${chars.toLocaleString('en')} characters of ${OPENING_TEXT[name as keyof typeof OPENINGS]}: ${variant === 'resumed' ? 'applyTransaction, scan resumed' : 'the rule on the whole text (anchor)'}`,
          value: timing.median,
          unit: 'µs' as const,
          runs: timing.runs,
          wall: timing.wallMedian,
          anchor: variant === 'resumed' ? `${name}-${chars}/whole` : undefined,
          target:
            variant === 'resumed'
              ? { max: 50, text: 'issue 31: a text append validated in ≤ 50 µs, whatever the text before it' }
              : undefined,
        });
      }
    }
    return rows;
  },
};
