import { appendFileSync, mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * Where a spec saves a screenshot: `test-results/screenshots/` (ignored by git) on every run, so
 * `npm test` never rewrites tracked files; `docs/images/` only under `npm run docs:images`
 * (SUIP_DOCS_IMAGES=1), which refreshes the pictures the README shows.
 */
export function docsImage(name: string): string {
  const folder = process.env.SUIP_DOCS_IMAGES === '1' ? '../../docs/images/' : '../../test-results/screenshots/';
  const path = fileURLToPath(new URL(`${folder}${name}`, import.meta.url));
  recordDocsImage(path);
  return path;
}

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Lists an image a spec writes into docs/images/ in this `npm run docs:images` run, for the step
 * after it that stamps each with the UI it shows (`playground/docs-images.test.ts`). One appended
 * line per image: parallel workers never rewrite each other's lines.
 */
export function recordDocsImage(path: string): void {
  if (process.env.SUIP_DOCS_IMAGES !== '1' || !path.startsWith(`${ROOT}docs/images/`)) return;
  mkdirSync(`${ROOT}test-results`, { recursive: true });
  appendFileSync(`${ROOT}test-results/docs-images-taken.txt`, `${path.slice(ROOT.length)}\n`);
}
