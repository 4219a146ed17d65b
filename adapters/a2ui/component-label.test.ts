import { describe, expect, it } from 'vitest';
import { STANDARD_CATALOGS } from './catalogs.ts';
import { componentLabel } from './component-label.ts';
import { DEFAULT_A2UI_LIMITS } from './limits.ts';
import type { Scope } from './resolve.ts';
import { Surface } from './surface.ts';

function surfaceWith(components: unknown[], model: unknown = {}): { surface: Surface; scopeFor(p: string): Scope } {
  const surface = new Surface('s', STANDARD_CATALOGS['v0.9'][0]!, false, DEFAULT_A2UI_LIMITS);
  surface.upsert(components);
  surface.model.set('', model);
  const host = { maxStringLength: DEFAULT_A2UI_LIMITS.maxStringLength, catalog: surface.catalog };
  return { surface, scopeFor: (path) => ({ model: surface.model, path, host }) };
}

describe('componentLabel', () => {
  it("reads a subtree's texts breadth first, bound ones resolved, icons by their meaning", () => {
    const { surface, scopeFor } = surfaceWith(
      [
        { id: 'b', component: 'Button', child: 'row' },
        { id: 'row', component: 'Row', children: ['icon', 'name'] },
        { id: 'icon', component: 'Icon', name: 'skipPrevious' },
        { id: 'name', component: 'Text', text: { path: '/track' } },
      ],
      { track: 'Intro' },
    );
    expect(componentLabel(surface, scopeFor, 'b', '')).toBe('Skip previous Intro');
  });

  it('is empty for a missing component, and a cycle stops at the bound', () => {
    const { surface, scopeFor } = surfaceWith([{ id: 'loop', component: 'Card', child: 'loop' }]);
    expect(componentLabel(surface, scopeFor, 'absent', '')).toBe('');
    expect(componentLabel(surface, scopeFor, 'loop', '')).toBe('');
  });
});
