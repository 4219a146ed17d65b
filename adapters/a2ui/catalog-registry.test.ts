import { describe, expect, it } from 'vitest';
import { STANDARD_CATALOGS } from './catalogs.ts';
import { CatalogRegistry, MAX_DECLARED_CATALOGS } from './catalog-registry.ts';

describe('CatalogRegistry', () => {
  it("knows v0.9's standard catalogs, and v0.10's only on a v0.10 bridge", () => {
    const v09 = STANDARD_CATALOGS['v0.9'].map((c) => c.catalogId);
    const v010 = STANDARD_CATALOGS['v0.10'].map((c) => c.catalogId);
    expect([...new CatalogRegistry('v0.9').ids()]).toEqual(v09);
    expect([...new CatalogRegistry('v0.10').ids()]).toEqual([...new Set([...v09, ...v010])]);
  });

  it(`adds up to ${MAX_DECLARED_CATALOGS} declared catalogs, and advertises only the ones served whole`, () => {
    const declared = Array.from({ length: MAX_DECLARED_CATALOGS + 1 }, (_, i) => ({
      catalogId: `https://example.com/catalog-${i}`,
      components: i === 0 ? { Hologram: {} } : { Text: {} },
    }));
    const registry = new CatalogRegistry('v0.9', declared);
    expect(registry.get('https://example.com/catalog-1')?.catalogId).toBe('https://example.com/catalog-1');
    expect(registry.get(`https://example.com/catalog-${MAX_DECLARED_CATALOGS}`)).toBeUndefined();
    expect(registry.wholeIds()).toContain('https://example.com/catalog-1');
    expect(registry.wholeIds()).not.toContain('https://example.com/catalog-0');
    expect(registry.get('https://example.com/catalog-0')).toBeDefined();
  });
});
