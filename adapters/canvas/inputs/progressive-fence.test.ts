import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeCanvasTarget } from '../testing/node-target.ts';
import { createCanvasHost, type CanvasIssue } from '../host.ts';
import { opsFromText } from './fence.ts';
import { CANVAS_TEXT_ROLES, createCanvasFeed } from './progressive-fence.ts';

const LONG = 'Rain until noon, then clearing from the west; a light breeze — "bring a coat" ✓ 👍.';
const ops = [
  { op: 'upsert', id: 'hello', type: 'card', data: { title: 'Welcome back', text: LONG } },
  {
    op: 'upsert',
    id: 'up',
    type: 'stats',
    data: { title: 'Uptime', items: [{ label: 'Days', value: '14' }] },
    layout: { zone: 'ops' },
  },
  { op: 'patch', id: 'hello', data: { text: 'Short now' } },
  { op: 'upsert', id: 'warn', type: 'alert', data: { title: 'Storm warning', message: LONG, severity: 'warning' } },
];
const TEXT = [
  'Here is your canvas.\n',
  '```genui\n',
  ...ops.map((o) => `${JSON.stringify(o)}\n`),
  '{"op":"upsert","id":"bad","type":"card","data":{"title":"Never kept"},}\n',
  '{"op":"nope"}\n',
  '```\n',
  'And in TOON:\n',
  '```genui\nop: upsert\nid: toon\ntype: card\ndata:\n  title: From TOON\n  text: ok\n```\n',
  'Done.',
].join('');

/** The non-streamed run: the whole text through `opsFromText`, each op applied. */
async function whole(text: string) {
  const t = nodeCanvasTarget();
  const issues: CanvasIssue[] = [];
  const host = await createCanvasHost(t, { onIssue: (i) => issues.push(i) });
  const decoded = opsFromText(text);
  for (const op of decoded.ops) host.apply(op);
  await host.settle();
  return { tree: t.tree(), errors: decoded.errors, issues };
}

/** The streamed run; every preview the host was asked to show is recorded. */
async function streamed(chunks: readonly string[], observe = false) {
  const t = nodeCanvasTarget();
  const issues: CanvasIssue[] = [];
  const host = await createCanvasHost(t, { onIssue: (i) => issues.push(i) });
  const previews: Array<Record<string, unknown>> = [];
  const preview = host.preview.bind(host);
  host.preview = (op) => {
    const shown = preview(op);
    if (shown) previews.push(op as Record<string, unknown>);
    return shown;
  };
  const errors: string[] = [];
  const trees: unknown[] = [];
  const feed = createCanvasFeed(host, { onError: (e) => errors.push(e) });
  for (const chunk of chunks) {
    feed.push(chunk);
    if (observe) {
      await host.settle();
      trees.push(t.tree());
    }
  }
  feed.end();
  await host.settle();
  expect(t.violations).toEqual([]);
  return { tree: t.tree(), errors, issues, previews, trees };
}

/** Every preview is an upsert of the input, whole or with a prose field cut short. */
function previewsAreInTheInput(previews: Array<Record<string, unknown>>) {
  const bad = { op: 'upsert', id: 'bad', type: 'card', data: { title: 'Never kept' } };
  for (const p of previews) {
    const candidates = [...ops, bad].filter(
      (o) => o.op === 'upsert' && (o as { id: string }).id === p.id && (o as { type: string }).type === p.type,
    );
    const ok = candidates.some((o) =>
      Object.entries((p.data ?? {}) as Record<string, unknown>).every(([k, v]) => {
        const full = (o.data as Record<string, unknown>)[k];
        return CANVAS_TEXT_ROLES.has(k) && typeof v === 'string'
          ? typeof full === 'string' && full.startsWith(v)
          : JSON.stringify(full) === JSON.stringify(v);
      }),
    );
    expect(ok, JSON.stringify(p)).toBe(true);
  }
}

function split(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out;
}

describe('createCanvasFeed: progressive canvas ops', () => {
  it('split anywhere: prose previews; canvas and errors as unstreamed; no broken line stays', async () => {
    const reference = await whole(TEXT);
    const run = await streamed(TEXT.split(''), true);
    expect(run.tree).toEqual(reference.tree);
    expect(run.errors).toEqual(reference.errors);
    expect(run.errors.length).toBe(2);
    expect(run.issues).toEqual(reference.issues);
    previewsAreInTheInput(run.previews);
    // The long text was shown growing, and the broken line's card was shown and then withdrawn.
    const shown = run.trees.map((t) => JSON.stringify(t));
    expect(
      new Set(shown.filter((s) => s.includes('Rain until')).map((s) => /Rain until[^"]*/.exec(s)![0])).size,
    ).toBeGreaterThan(20);
    expect(shown.some((s) => s.includes('Never kept'))).toBe(true);
    expect(JSON.stringify(run.tree)).not.toContain('Never kept');
    expect(JSON.stringify(run.tree)).toContain('From TOON');
  });

  it('property: any chunking ends in the non-streamed canvas, and every preview is in the input', async () => {
    const reference = await whole(TEXT);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 40 }), async (cuts) => {
        const run = await streamed(split(TEXT, cuts));
        expect(run.tree).toEqual(reference.tree);
        expect(run.errors).toEqual(reference.errors);
        previewsAreInTheInput(run.previews);
      }),
      { numRuns: 60 },
    );
  });

  it('ids and types are never guessed: nothing is previewed before op, id and type have closed', async () => {
    const line = '```genui\n{"data":{"title":"Early title"},"op":"upsert","id":"late","type":"card"}\n```\n';
    const run = await streamed(line.split(''), true);
    expect(run.previews).toEqual([]);
    expect(JSON.stringify(run.tree)).toContain('Early title');
  });

  it('a prose line over maxBlockChars is skipped whole and reported, never passed on as a fragment of its tail', () => {
    const texts: string[] = [];
    const errors: string[] = [];
    const feed = createCanvasFeed(
      { apply: () => true, preview: () => false, endPreview: () => undefined },
      { onText: (t) => texts.push(t), onError: (e) => errors.push(e) },
    );
    const text = `${'x'.repeat(300_000)}\nhello\n`;
    for (let at = 0; at < text.length; at += 1000) feed.push(text.slice(at, at + 1000));
    feed.end();
    expect(texts).toEqual(['hello']);
    expect(errors).toEqual(['a line of 300000 characters outside a genui block was skipped (the limit is 262144)']);
  });
});
