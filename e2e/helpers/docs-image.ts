import { fileURLToPath } from 'node:url';

/**
 * Where a spec saves a screenshot: `test-results/screenshots/` (ignored by git) on every run, so
 * `npm test` never rewrites tracked files; `docs/images/` only under `npm run docs:images`
 * (SUIP_DOCS_IMAGES=1), which refreshes the pictures the README shows.
 */
export function docsImage(name: string): string {
  const folder = process.env.SUIP_DOCS_IMAGES === '1' ? '../../docs/images/' : '../../test-results/screenshots/';
  return fileURLToPath(new URL(`${folder}${name}`, import.meta.url));
}
