import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ModelParticle } from '../../generator/kit.ts';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { createA2uiFeed, PREVIEW_TEXT_CHARS } from './progressive-feed.ts';
import { loadExamples } from './testing/corpus.ts';
import { suipPipeline } from './testing/pipeline.ts';

const examples = loadExamples();
const NOW = () => new Date('2026-11-25T12:00:00Z');
const jsonl = (messages: unknown[]) => `${messages.map((m) => JSON.stringify(m)).join('\n')}\n`;
const trees = (bridge: A2uiBridge) => JSON.stringify(bridge.surfaceIds().map((id) => [id, bridge.translate(id).root]));

/** The non-streamed run: each line applied whole, as `receiveText` does. */
function whole(text: string) {
  const sent: A2uiOutgoing[] = [];
  const bridge = new A2uiBridge({ send: (out) => sent.push(out), now: NOW });
  for (const line of text.split('\n')) if (line.trim() !== '') bridge.receiveText(line);
  return { tree: trees(bridge), sent };
}

/** The streamed run, with every preview the bridge was asked to show. */
function streamed(chunks: readonly string[], onPush?: (bridge: A2uiBridge) => void) {
  const sent: A2uiOutgoing[] = [];
  const bridge = new A2uiBridge({ send: (out) => sent.push(out), now: NOW });
  const previews: Array<{ surfaceId: string; component: Record<string, unknown> }> = [];
  const preview = bridge.preview.bind(bridge);
  bridge.preview = (surfaceId, component, index) => {
    const shown = preview(surfaceId, component, index);
    if (shown) previews.push({ surfaceId, component: component as Record<string, unknown> });
    return shown;
  };
  const feed = createA2uiFeed(bridge);
  for (const chunk of chunks) {
    feed.push(chunk);
    onPush?.(bridge);
  }
  feed.end();
  return { tree: trees(bridge), sent, previews, messages: feed.messages };
}

/** Every preview is a component of a message for that surface, whole or with its Text cut short. */
function previewsAreInTheInput(text: string, previews: ReturnType<typeof streamed>['previews']): void {
  const finals = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map(
      (l) => JSON.parse(l) as { updateComponents?: { surfaceId: string; components: Array<Record<string, unknown>> } },
    );
  for (const { surfaceId, component } of previews) {
    const candidates = finals
      .flatMap((m) => (m.updateComponents?.surfaceId === surfaceId ? m.updateComponents.components : []))
      .filter((c) => c.id === component.id);
    const match = candidates.some(
      (c) =>
        Object.keys(c).length >= Object.keys(component).length &&
        Object.entries(component).every(([k, v]) =>
          k === 'text' && c.component === 'Text' && typeof v === 'string'
            ? typeof c.text === 'string' && c.text.startsWith(v)
            : JSON.stringify(v) === JSON.stringify(c[k]),
        ),
    );
    expect(match, `preview ${JSON.stringify(component).slice(0, 200)}`).toBe(true);
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

describe('createA2uiFeed: progressive A2UI', () => {
  it(
    'property: the 36 examples streamed in any chunks end in the tree and ' +
      'agent traffic of a non-streamed run, and every preview is in the input',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...examples), fc.array(fc.nat(), { maxLength: 40 }), (example, cuts) => {
          const text = jsonl(example.messages);
          const run = streamed(split(text, cuts));
          const reference = whole(text);
          expect(run.tree).toBe(reference.tree);
          expect(run.sent).toEqual(reference.sent);
          expect(run.messages).toBe(example.messages.length);
          previewsAreInTheInput(text, run.previews);
        }),
        { numRuns: 200 },
      );
    },
  );

  it(
    'split at every character: the incremental dashboard, the chat message ' +
      'and the markdown text never preview a component the input lacks, and end equal',
    () => {
      for (const file of ['31_incremental-dashboard.json', '12_chat-message.json', '35_markdown-text.json']) {
        const text = jsonl(examples.find((e) => e.file === file)!.messages);
        const run = streamed(text.split(''));
        expect(run.tree, file).toBe(whole(text).tree);
        expect(run.previews.length, file).toBeGreaterThan(0);
        previewsAreInTheInput(text, run.previews);
      }
    },
  );

  const surface = { version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } };
  const update = {
    version: 'v0.9',
    updateComponents: {
      surfaceId: 's',
      components: [
        { id: 'root', component: 'Column', children: ['title', 'body', 'later'] },
        { id: 'title', component: 'Text', variant: 'h2', text: 'Forecast' },
        { id: 'body', component: 'Text', text: 'Sunny all week with a light breeze from the west, and warm evenings.' },
        { id: 'later', component: 'Button', child: 'label', action: { event: { name: 'more' } } },
        { id: 'label', component: 'Text', text: 'More' },
      ],
    },
  };

  it(
    'through the real suip pipeline: placeholders under final ids, text ' +
      'sent as text-append, only placeholders and text leaves ever replaced, the final tree equal',
    async () => {
      const text = jsonl([surface, update]);
      const p = await suipPipeline();
      const bridge = new A2uiBridge({ send: () => undefined });
      const feed = createA2uiFeed(bridge);
      const ops: Array<{ method: string; params: { path: string[]; text?: string } }> = [];
      let previous: unknown;
      const placeholders = (tree: unknown): Set<string> => {
        const out = new Set<string>();
        const walk = (p: unknown, at: string[]) => {
          const g = (p ?? {}) as { type?: string; text?: string; group?: Array<[string, unknown]> };
          // A text leaf has no element of its own (its parent shows it): replacing it re-creates nothing.
          if (g.type === 'placeholder' || typeof g.text === 'string') out.add(at.join('/'));
          for (const [id, child] of g.group ?? []) walk(child, [...at, id]);
        };
        walk(tree, []);
        return out;
      };
      for (let i = 0; i < text.length; i += 7) {
        feed.push(text.slice(i, i + 7));
        if (bridge.surfaceIds().length === 0) continue;
        const before = p.inbound.length;
        await p.generator.render(bridge.translate('s').root as ModelParticle);
        await new Promise((resolve) => setTimeout(resolve, 0));
        const shown = placeholders(previous);
        for (const raw of p.inbound.slice(before)) {
          const batch = JSON.parse(raw) as unknown;
          for (const m of (Array.isArray(batch) ? batch : [batch]) as Array<{
            method?: string;
            params?: { path: string[]; text?: string };
          }>) {
            if (m.method?.startsWith('suip/ops/') !== true) continue;
            ops.push(m as (typeof ops)[number]);
            // A replace or remove may only hit a placeholder or a text leaf: no element shown is ever re-created.
            if (m.method === 'suip/ops/replace' || m.method === 'suip/ops/remove')
              expect(shown.has(m.params!.path.join('/')), `${m.method} ${m.params!.path.join('/')}`).toBe(true);
          }
        }
        previous = p.root();
      }
      feed.end();
      await p.generator.render(bridge.translate('s').root as ModelParticle);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(p.violations).toEqual([]);
      expect(ops.filter((o) => o.method === 'suip/ops/append' && o.params.text !== undefined).length).toBeGreaterThan(
        3,
      );
      const reference = await suipPipeline();
      const plain = new A2uiBridge({ send: () => undefined });
      plain.receiveText(JSON.stringify(surface));
      plain.receiveText(JSON.stringify(update));
      await reference.generator.render(plain.translate('s').root as ModelParticle);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(p.root()).toEqual(reference.root());
    },
  );

  it('a line that turns out invalid leaves nothing behind and is reported once, like a non-streamed run', () => {
    const good = jsonl([
      surface,
      {
        version: 'v0.9',
        updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'Kept' }] },
      },
    ]);
    const bad =
      '{"version":"v0.9","updateComponents":{"surfaceId":"s","components":' +
      '[{"id":"root","component":"Text","text":"Replaced"},{"id":"x","component":"Text","text":"Never"}],}}\n';
    let mid = '';
    const run = streamed(
      [good, bad.slice(0, bad.indexOf('Never') + 3), bad.slice(bad.indexOf('Never') + 3)],
      (bridge) =>
        (mid ||=
          bad.length > 0 && bridge.surfaceIds().length > 0 && trees(bridge).includes('Replaced') ? trees(bridge) : ''),
    );
    expect(mid).toContain('Replaced');
    expect(run.tree).toBe(whole(good).tree);
    expect(run.sent).toHaveLength(1);
    expect(run.sent[0]!.message).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: expect.stringContaining('line 3, column') },
    });
  });

  it(
    'waits for version and surfaceId, in whatever order the keys come, and ' +
      'never previews a version it does not speak',
    () => {
      const late =
        '{"updateComponents":{"components":[{"id":"root","component":"Text","text":"Hi"}],' +
        '"surfaceId":"s"},"version":"v0.9"}\n';
      let seen = false;
      const run = streamed(
        [jsonl([surface]), late.slice(0, late.indexOf('"surfaceId"')), late.slice(late.indexOf('"surfaceId"'))],
        () => undefined,
      );
      expect(run.previews).toEqual([{ surfaceId: 's', component: { id: 'root', component: 'Text', text: 'Hi' } }]);
      const foreign =
        '{"version":"v9","updateComponents":{"surfaceId":"s",' +
        '"components":[{"id":"root","component":"Text","text":"Hi"}]}}\n';
      const other = streamed([jsonl([surface]), foreign], () => (seen = true));
      expect(seen).toBe(true);
      expect(other.previews).toEqual([]);
      expect(other.sent[0]!.message).toMatchObject({ error: { path: '/version' } });
    },
  );

  it(
    'a long Text streamed in small pieces previews only up to ' +
      'PREVIEW_TEXT_CHARS (no quadratic re-render), then shows whole at its line end',
    () => {
      const long = 'x'.repeat(PREVIEW_TEXT_CHARS * 4);
      const text = jsonl([
        surface,
        {
          version: 'v0.9',
          updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: long }] },
        },
      ]);
      const run = streamed(
        split(
          text,
          Array.from({ length: Math.ceil(text.length / 1024) }, (_, i) => i * 1024),
        ),
      );
      const shown = run.previews.map((p) => String(p.component.text).length);
      // Before the cap: one preview per piece, the one that crosses it the last that grows; then one
      // preview of the closed component, whole (one render, not one per piece).
      expect(shown.at(-1)).toBe(long.length);
      expect(Math.max(...shown.slice(0, -1))).toBeLessThanOrEqual(PREVIEW_TEXT_CHARS + 1024);
      expect(shown.length).toBeLessThanOrEqual(PREVIEW_TEXT_CHARS / 1024 + 3);
      expect(run.tree).toBe(whole(text).tree);
      expect(run.tree).toContain(long);
    },
  );
});
