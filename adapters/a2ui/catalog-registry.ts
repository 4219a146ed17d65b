import type { A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import { declaredCatalog, STANDARD_CATALOGS, unservable, type A2uiCatalog } from './catalogs.ts';

/** Catalogs a host may declare beside the standard ones; the rest of its list is ignored. */
export const MAX_DECLARED_CATALOGS = 64;

/**
 * The catalogs a bridge's surfaces may name, by id: the standard ones of v0.9 (and of v0.10 when
 * spoken), then the ones the host declares (a declared id replaces a standard one).
 */
export class CatalogRegistry {
  readonly #byId = new Map<string, A2uiCatalog>();

  constructor(version: A2uiVersion, declared: readonly unknown[] = []) {
    for (const c of [...STANDARD_CATALOGS['v0.9'], ...(version === 'v0.9' ? [] : STANDARD_CATALOGS[version])])
      this.#byId.set(c.catalogId, c);
    declared.slice(0, MAX_DECLARED_CATALOGS).forEach((document, i) => {
      const c = declaredCatalog(document, `/catalogs/${i}`);
      this.#byId.set(c.catalogId, c);
    });
  }

  /** The catalog with this id, or undefined when the bridge does not know it. */
  get(catalogId: string): A2uiCatalog | undefined {
    return this.#byId.get(catalogId);
  }

  /** Every known catalog id, in registration order. */
  ids(): IterableIterator<string> {
    return this.#byId.keys();
  }

  /**
   * The ids worth advertising in `supportedCatalogIds`: only the catalogs the bridge serves whole
   * (a partly served one still renders when a surface names it).
   */
  wholeIds(): string[] {
    return [...this.#byId.values()]
      .filter((c) => {
        const missing = unservable(c);
        return missing.components.length === 0 && missing.functions.length === 0;
      })
      .map((c) => c.catalogId);
  }
}
