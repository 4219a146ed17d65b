import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { headlessTarget } from '../../adapters/a2ui/testing/headless-target.ts';
import { createGenuiClient } from '../../adapters/genui-v1/client.ts';
import { genuiTextRoles } from '../../adapters/genui-v1/progressive.ts';
import type { GenuiRequest } from '../../shared/neighbours/genui-v1/schemas.ts';
import type { ModelDelta } from './model-stream.ts';
import { runTurn } from './turn.ts';

const w = (id: string, widget: unknown) => ({ id, widget });
const booking = {
  surfaceId: 'booking',
  definition: {
    root: 'card',
    widgets: [
      w('card', { card: { title: 'Book a table for tonight', children: ['intro', 'name', 'book'] } }),
      w('intro', { text: { text: 'We hold tables for 15 minutes — "late" is fine.\nCall us: ✓ 👍' } }),
      w('name', { 'text-field': { label: 'Your name', placeholder: 'Ada' } }),
      w('book', { button: { label: 'Book', tone: 'primary' } }),
    ],
  },
};
const later = {
  surfaceId: 'menu',
  definition: {
    widgets: [w('t', { text: { text: 'Soup of the day' } }), w('m', { column: { children: ['t', 'ghost'] } })],
    root: 'm',
  },
};
const menuFixed = {
  surfaceId: 'menu',
  definition: {
    root: 'm',
    widgets: [w('m', { column: { children: ['t'] } }), w('t', { text: { text: 'Soup of the day' } })],
  },
};
const cyclic = {
  surfaceId: 'loop',
  definition: {
    root: 'a',
    widgets: [w('a', { column: { children: ['b'] } }), w('b', { card: { title: 'Never shown', children: ['a'] } })],
  },
};

/** A model answer: prose, a fence with a good surface, a refused one (a missing child), a cycle, a line cut by a bad character, then a bare command line. */
const ANSWER = [
  'Here is the form.\n',
  '```genui\n',
  `${JSON.stringify({ addOrUpdateSurface: booking })}\n`,
  `${JSON.stringify({ addOrUpdateSurface: later })}\n`,
  `${JSON.stringify({ addOrUpdateSurface: cyclic })}\n`,
  '{"addOrUpdateSurface": {"surfaceId": "broken", "definition": {"root": "x", "widgets": [{"id": "x", "widget": {"text": {"text": "half"}}},]}}}\n',
  '```\n',
  'And the menu:\n',
  `${JSON.stringify({ addOrUpdateSurface: menuFixed })}\n`,
  'Done.',
].join('');
const request = (progressive: boolean): GenuiRequest => ({
  catalogDefinition: { protocolVersion: '1.0' },
  conversation: [{ role: 'user', parts: [{ type: 'text', text: 'Book' }] }],
  ...(progressive ? { suip: { progressive: true } } : {}),
});

/** Runs one turn (no repair) whose model streams `deltas`, and returns every chunk written. */
async function turn(deltas: ModelDelta[], progressive: boolean): Promise<Array<Record<string, unknown>>> {
  const chunks: Array<Record<string, unknown>> = [];
  await runTurn({
    llm: { baseUrl: 'http://x', model: 'm', apiKey: '', tools: true },
    vocabulary: BUILTIN_VOCABULARY,
    request: request(progressive),
    maxRepairs: 0,
    previewThrottleMs: 0,
    signal: new AbortController().signal,
    write: (chunk) => chunks.push(JSON.parse(JSON.stringify(chunk)) as Record<string, unknown>),
    stream: async (_llm, _messages, onDelta) => {
      for (const d of deltas) onDelta(d);
    },
  });
  return chunks;
}

function pieces(text: string, cuts: readonly number[]): string[] {
  const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
  const out: string[] = [];
  let from = 0;
  for (const p of points) {
    out.push(text.slice(from, p));
    from = p;
  }
  out.push(text.slice(from));
  return out.filter((p) => p !== '');
}
const content = (parts: string[]): ModelDelta[] => parts.map((text) => ({ kind: 'content', text }));
const isSuip = (c: Record<string, unknown>) => 'suip' in c;
const roles = genuiTextRoles(BUILTIN_VOCABULARY);
/** What the broken line holds before its syntax error: its one widget closed. */
const brokenSoFar = { surfaceId: 'broken', definition: { root: 'x', widgets: [w('x', { text: { text: 'half' } })] } };
const sources = [booking, later, menuFixed, cyclic, brokenSoFar];

/** Every preview holds only what the complete input holds: the same surface and root, each widget whole or with a text role cut short. */
function previewsAreInTheInput(chunks: Array<Record<string, unknown>>): void {
  for (const chunk of chunks) {
    const add = (
      chunk as {
        addOrUpdateSurface?: {
          surfaceId: string;
          definition: { root: string; widgets: Array<{ id: string; widget: Record<string, Record<string, unknown>> }> };
        };
      }
    ).addOrUpdateSurface;
    if (!isSuip(chunk) || add === undefined) continue;
    const finals = sources.filter((s) => s.surfaceId === add.surfaceId && s.definition.root === add.definition.root);
    expect(finals.length, `preview of ${add.surfaceId}`).toBeGreaterThan(0);
    for (const widget of add.definition.widgets) {
      const ok = finals.some((f) =>
        (f.definition.widgets as Array<{ id: string; widget: Record<string, Record<string, unknown>> }>).some(
          (full) => {
            if (full.id !== widget.id) return false;
            if (JSON.stringify(full) === JSON.stringify(widget)) return true;
            const [name] = Object.keys(widget.widget);
            if (name === undefined || full.widget[name] === undefined) return false;
            // Cut short: every prop present equals the final one, except a text role that is a prefix of it.
            return Object.entries(widget.widget[name]!).every(([prop, v]) =>
              roles.get(name)?.has(prop) && typeof v === 'string'
                ? String(full.widget[name]![prop]).startsWith(v)
                : JSON.stringify(full.widget[name]![prop]) === JSON.stringify(v),
            );
          },
        ),
      );
      expect(ok, `widget ${JSON.stringify(widget)}`).toBe(true);
    }
  }
}

/** Every preview is superseded by its complete surface or withdrawn, before the final message. */
function previewsEnd(chunks: Array<Record<string, unknown>>): void {
  const open = new Set<string>();
  for (const chunk of chunks) {
    const add = (chunk as { addOrUpdateSurface?: { surfaceId: string } }).addOrUpdateSurface;
    const drop = (chunk as { suip?: { dropPreview?: string } }).suip?.dropPreview;
    if (add !== undefined) {
      if (isSuip(chunk)) open.add(add.surfaceId);
      else open.delete(add.surfaceId);
    } else if (drop !== undefined) {
      expect(open.has(drop), `drop of ${drop} without a preview`).toBe(true);
      open.delete(drop);
    } else if ('message' in chunk) expect([...open]).toEqual([]);
  }
}

describe('progressive GenUI surfaces (server turn → client)', () => {
  it('property: the answer split anywhere gives the non-streamed chunks plus previews, each preview only what the input holds, each one superseded or withdrawn', async () => {
    const reference = await turn(content([ANSWER]), false);
    expect(
      reference
        .filter((c) => 'addOrUpdateSurface' in c)
        .map((c) => (c as { addOrUpdateSurface: { surfaceId: string } }).addOrUpdateSurface.surfaceId),
    ).toEqual(['booking', 'menu']);
    await fc.assert(
      fc.asyncProperty(fc.array(fc.nat(), { maxLength: 60 }), async (cuts) => {
        const chunks = await turn(content(pieces(ANSWER, cuts)), true);
        expect(chunks.filter((c) => !isSuip(c)).filter((c) => !('text' in c))).toEqual(
          reference.filter((c) => !('text' in c)),
        );
        previewsAreInTheInput(chunks);
        previewsEnd(chunks);
      }),
      { numRuns: 150 },
    );
  });

  it('split at every character: previews grow widget by widget, the long text streams, a cut line and a refused surface are withdrawn', async () => {
    const chunks = await turn(content([...ANSWER]), true);
    previewsAreInTheInput(chunks);
    previewsEnd(chunks);
    const previews = chunks.filter((c) => isSuip(c) && 'addOrUpdateSurface' in c) as Array<{
      addOrUpdateSurface: {
        surfaceId: string;
        definition: { widgets: Array<{ id: string; widget: { text?: { text: string } } }> };
      };
    }>;
    const intro = previews.flatMap((p) =>
      p.addOrUpdateSurface.definition.widgets.filter((x) => x.id === 'intro').map((x) => x.widget.text!.text),
    );
    expect(new Set(intro).size).toBeGreaterThan(20);
    expect(
      chunks
        .filter((c) => (c as { suip?: { dropPreview?: string } }).suip?.dropPreview !== undefined)
        .map((c) => (c as { suip: { dropPreview: string } }).suip.dropPreview),
    ).toEqual(['menu', 'loop', 'broken']);
    // Ids are never guessed: a widget shows only once its id closed.
    for (const p of previews)
      for (const x of p.addOrUpdateSurface.definition.widgets)
        expect(sources.some((s) => s.definition.widgets.some((y) => y.id === x.id))).toBe(true);
  });

  it('tool calls stream the same way: a preview per closed widget, the complete call supersedes it', async () => {
    const args = JSON.stringify(booking);
    const deltas: ModelDelta[] = [
      { kind: 'content', text: 'Tools. ' },
      { kind: 'tool', index: 0, name: 'addOrUpdateSurface', arguments: '' },
      ...[...args].map((c): ModelDelta => ({ kind: 'tool', index: 0, arguments: c })),
    ];
    const chunks = await turn(deltas, true);
    const reference = await turn([{ kind: 'tool', index: 0, name: 'addOrUpdateSurface', arguments: args }], false);
    expect(chunks.filter((c) => !isSuip(c) && 'addOrUpdateSurface' in c)).toEqual(
      reference.filter((c) => 'addOrUpdateSurface' in c),
    );
    previewsAreInTheInput(chunks);
    previewsEnd(chunks);
    expect(chunks.filter(isSuip).length).toBeGreaterThan(30);
  });

  it('a client that did not ask gets no preview', async () => {
    expect((await turn(content([...ANSWER]), false)).filter(isSuip)).toEqual([]);
  });

  it('the client: placeholders under final ids while streaming, no element changes type (only placeholders are replaced), the final tree and history equal to a non-streamed run', async () => {
    const progressive = await turn(
      content(
        pieces(
          ANSWER,
          Array.from({ length: 80 }, (_, i) => i * 11),
        ),
      ),
      true,
    );
    const plain = await turn(content([ANSWER]), false);
    const run = async (chunks: Array<Record<string, unknown>>) => {
      const target = headlessTarget();
      const trees: unknown[] = [];
      const box: { client?: ReturnType<typeof createGenuiClient> } = {};
      const lines = chunks.map((c) => new TextEncoder().encode(`${JSON.stringify(c)}\n`));
      // One chunk per read, and the page settled between them: every preview is rendered and observed.
      const fetcher = (async () =>
        new Response(
          new ReadableStream({
            async pull(controller) {
              await box.client?.settle();
              trees.push(target.tree());
              const next = lines.shift();
              if (next === undefined) controller.close();
              else controller.enqueue(next);
            },
          }),
          { status: 200 },
        )) as unknown as typeof fetch;
      const client = createGenuiClient(target, { url: 'http://x/genUI', fetch: fetcher });
      box.client = client;
      await client.send('Book');
      await client.settle();
      trees.push(target.tree());
      expect(target.violations).toEqual([]);
      const history = client.conversation.history();
      await client.close();
      return { trees, history };
    };
    const a = await run(progressive);
    const b = await run(plain);
    expect(a.trees.at(-1)).toEqual(b.trees.at(-1));
    expect(a.history).toEqual(b.history);
    type P = { type?: string; group?: Array<[string, P]> };
    const types = (tree: unknown) => {
      const out = new Map<string, string>();
      const walk = (p: P, at: string) => {
        if (p.type !== undefined) out.set(at, p.type);
        for (const [id, child] of p.group ?? []) walk(child, `${at}/${id}`);
      };
      walk(tree as P, '');
      return out;
    };
    let placeholders = 0;
    for (let i = 1; i < a.trees.length; i += 1) {
      const before = types(a.trees[i - 1]);
      for (const [path, type] of types(a.trees[i])) {
        const was = before.get(path);
        if (type === 'placeholder') placeholders += 1;
        // An element shown keeps its type until its surface goes: only a placeholder becomes something else.
        if (was !== undefined && was !== type) expect(was, `${path}: ${was} → ${type}`).toBe('placeholder');
      }
    }
    expect(placeholders).toBeGreaterThan(0);
    // The intro text was shown cut short before it was complete.
    expect(
      a.trees.some((t) => /"We hold tables[^"]*"/.test(JSON.stringify(t)) && !JSON.stringify(t).includes('Call us')),
    ).toBe(true);
  });
});
