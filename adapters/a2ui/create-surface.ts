import type { A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import type { CatalogRegistry } from './catalog-registry.ts';
import { A2uiError, listNames, type A2uiLimits } from './limits.ts';
import { Surface } from './surface.ts';

/** What `createSurface` checks a new surface against. */
export interface SurfaceFactory {
  /** The bridge's own version: a v0.10 bridge builds v0.10 surfaces for v0.10 messages. */
  version: A2uiVersion;
  catalogs: CatalogRegistry;
  limits: A2uiLimits;
  /** The live surfaces (a new id must be free, and their count stays under `maxSurfaces`). */
  surfaces: ReadonlyMap<string, Surface>;
}

/**
 * `createSurface`: checks the catalog, the id and the surface limit, then builds the surface. A
 * v0.10 message may carry the first components and data model inline; v0.9 never does.
 */
export function createSurface(
  factory: SurfaceFactory,
  surfaceId: string,
  body: Record<string, unknown>,
  version: unknown,
): Surface {
  const { catalogs, limits, surfaces } = factory;
  if (typeof body.catalogId !== 'string')
    throw new A2uiError('VALIDATION_FAILED', '/createSurface/catalogId', 'createSurface needs "catalogId"');
  const catalog = catalogs.get(body.catalogId);
  if (catalog === undefined)
    throw new A2uiError(
      'VALIDATION_FAILED',
      '/createSurface/catalogId',
      `catalog ${JSON.stringify(body.catalogId.slice(0, 120))} is not supported; this client renders ${listNames(catalogs.ids(), 10, 200)}`,
    );
  if (surfaces.has(surfaceId))
    throw new A2uiError(
      'VALIDATION_FAILED',
      '/createSurface/surfaceId',
      `surface "${surfaceId.slice(0, 60)}" already exists; send deleteSurface first`,
    );
  if (surfaces.size >= limits.maxSurfaces)
    throw new A2uiError('LIMIT_EXCEEDED', '/createSurface', `at most ${limits.maxSurfaces} surfaces at once`);
  const v010 = factory.version === 'v0.10' && version === 'v0.10';
  // v0.10 keeps v0.9's `theme`; an earlier v0.10 draft called it surfaceProperties (still read).
  const theme = v010 && body.theme === undefined ? body.surfaceProperties : body.theme;
  const surface = new Surface(surfaceId, catalog, body.sendDataModel === true, limits, theme, v010 ? 'v0.10' : 'v0.9');
  if (v010) {
    if (body.components !== undefined) surface.upsert(body.components);
    if (body.dataModel !== undefined) surface.model.set('', body.dataModel);
  }
  return surface;
}
