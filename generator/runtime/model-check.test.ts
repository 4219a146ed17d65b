import { describe, expect, it } from 'vitest';
import type { VocabularyEntry } from '../../shared/handshake.ts';
import type { ModelParticle } from './builders.ts';
import { ProgramError, checkTypes } from './model-check.ts';

const vocabulary = [{ type: 'list' }, { type: 'card' }] as unknown as VocabularyEntry[];
const text = (t: string): ModelParticle => ({ text: t });
const group = (type: string | undefined, children: Array<[string, ModelParticle]>): ModelParticle =>
  ({ ...(type ? { type } : {}), group: children }) as ModelParticle;

describe('checkTypes', () => {
  it('names the first unknown type by its path, with the nearest real type', () => {
    expect(() => checkTypes(group(undefined, [['a', group('lst', [])]]), vocabulary)).toThrow(
      /path \["a"\] has type "lst".*group\("list"/,
    );
  });

  it('walks only what changed since the last passing render of the session: reused groups are skipped', () => {
    const checked = new WeakSet<object>();
    const items = Array.from({ length: 1000 }, (_, k): [string, ModelParticle] => [
      `i${k}`,
      group(undefined, [['t', text(`item ${k}`)]]),
    ]);
    const list = group('list', items);
    checkTypes(group(undefined, [['list', list]]), vocabulary, checked);
    // A reused group is not walked again (its type is only read on the first pass).
    (items[5]![1] as { type?: string }).type = 'bogus';
    expect(() => checkTypes(group(undefined, [['list', list]]), vocabulary, checked)).not.toThrow();
    // A new group, even deep under reused ones' new parents, is checked.
    const next = group('list', [...items.slice(0, 10), ['new', group('crad', [])]]);
    expect(() => checkTypes(group(undefined, [['list', next]]), vocabulary, checked)).toThrow(ProgramError);
  });

  it('records nothing from a walk that threw, so a group seen before the throw is checked again', () => {
    const checked = new WeakSet<object>();
    const bad = group('nope', []);
    const holder = group('card', [['x', group(undefined, [['deep', bad]])]]);
    const tree = group(undefined, [
      ['first', group('card', [])],
      ['holder', holder],
    ]);
    expect(() => checkTypes(tree, vocabulary, checked)).toThrow(/"nope"/);
    expect(() => checkTypes(tree, vocabulary, checked)).toThrow(/"nope"/);
    expect(checked.has(holder)).toBe(false);
  });
});
