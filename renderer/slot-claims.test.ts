import { describe, expect, it, vi } from 'vitest';
import type { GroupParticle } from '../shared/index.ts';
import { SlotClaims } from './slot-claims.ts';

const subtree: GroupParticle = { group: [] };
const element = (path: string[]) => ({ path, requestUpdate: vi.fn() });

describe('SlotClaims: which slot may show which mount', () => {
  it('shows a mount only in the slots of the generator the host named, and never before it did', () => {
    const slots = new SlotClaims(() => subtree);
    expect(slots.resolve(['owner', 'slot'], 'child')).toBeUndefined();
    slots.allow('child', 'owner');
    expect(slots.nested('child')).toBe(true);
    expect(slots.resolve(['intruder', 'slot'], 'child')).toBeUndefined();
    expect(slots.resolve(['owner', 'slot'], 'child')).toBe(subtree);
  });

  it('the first slot on screen keeps its claim; another takes it once the first left the screen', () => {
    const slots = new SlotClaims(() => subtree);
    slots.allow('child', 'owner');
    const first = element(['owner', 'a']);
    slots.watch(first);
    expect(slots.resolve(['owner', 'a'], 'child')).toBe(subtree);
    expect(slots.resolve(['owner', 'b'], 'child')).toBeUndefined();
    slots.unwatch(first);
    expect(slots.resolve(['owner', 'b'], 'child')).toBe(subtree);
  });

  it('a forgotten mount is shown nowhere; redraw reaches every slot on screen', () => {
    const slots = new SlotClaims(() => subtree);
    slots.allow('child', 'owner');
    slots.forget('child');
    expect(slots.nested('child')).toBe(false);
    expect(slots.resolve(['owner', 'a'], 'child')).toBeUndefined();
    expect(slots.shown).toBe(false);
    const shown = [element(['owner', 'a']), element(['owner', 'b'])];
    for (const slot of shown) slots.watch(slot);
    expect(slots.shown).toBe(true);
    slots.redraw();
    for (const slot of shown) expect(slot.requestUpdate).toHaveBeenCalledTimes(1);
  });
});
