import DOMPurify from 'dompurify';
import { marked } from 'marked';
import { createUrlPolicy } from '../../../core/policy/url-policy.ts';
import { renderMarkdown } from '../markdown-pipeline.ts';

/**
 * Times the two safe markdown pipelines on the same inputs: typical short UI texts, a long
 * document, and hostile inputs. Each pipeline turns markdown into an HTML string that is safe to
 * insert; markdown-it by escaping all raw HTML, marked by sanitising its output with DOMPurify
 * (links checked by the same URL policy in a hook).
 */
const policy = createUrlPolicy();
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.hasAttribute('href') && policy.linkHref(node.getAttribute('href') ?? '') === undefined)
    node.removeAttribute('href');
});

const short = [
  'Mostly **sunny**, 21 °C.',
  'Clicked **3** times',
  '## Counter',
  'Expect *strong winds* after 18:00. [Details](https://example.org/w)',
  '- milk\n- eggs\n- bread',
];
const long = Array.from(
  { length: 40 },
  (_, i) =>
    `## Section ${i}\n\nSome *emphasis*, **strong**, \`code\` and a ` +
    `[link](https://example.org/${i}).\n\n- item a\n- item b\n\n| a | b ` +
    `|\n|---|---|\n| ${i} | x |\n`,
).join('\n');
const hostile = [
  '<img src=x onerror=alert(1)>',
  '[x](javascript:alert(1))',
  '<svg><script>alert(1)</script></svg>',
  '<a href="javascript:alert(1)">x</a> **b**',
  '"><iframe src=//evil>',
];

function time(
  name: string,
  inputs: string[],
  run: (s: string) => string,
  rounds: number,
): { name: string; perCallUs: number } {
  for (let i = 0; i < 50; i += 1) for (const s of inputs) run(s);
  const start = performance.now();
  for (let i = 0; i < rounds; i += 1) for (const s of inputs) run(s);
  return { name, perCallUs: Math.round(((performance.now() - start) * 1000) / (rounds * inputs.length)) };
}

const pipelines: [string, (s: string) => string][] = [
  ['markdown-it html:false', (s) => renderMarkdown(s, policy)],
  ['marked + DOMPurify', (s) => DOMPurify.sanitize(marked.parse(s, { async: false }))],
];
const results: Record<string, { name: string; perCallUs: number }[]> = {};
for (const [set, inputs, rounds] of [
  ['short', short, 2000],
  ['long (5 KB)', [long], 200],
  ['hostile', hostile, 2000],
] as const) {
  results[set] = pipelines.map(([name, run]) => time(name, [...inputs], run, rounds));
}
document.querySelector('#out')!.textContent = JSON.stringify(results);
document.body.dataset.done = 'true';
