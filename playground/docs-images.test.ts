import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The README must not show the playground as it used to look (issue 30: the repair image and two
 * others showed an older UI). "Older" is judged by content, not by file times (git keeps none):
 * `npm run docs:images` takes the pictures, then stamps each one it took in
 * `docs/images/manifest.json` with a hash of the UI sources that drew it and a hash of the PNG.
 * This test recomputes the sources' hash and fails for any image a page links whose stamp differs
 * (the UI changed since), is missing, or whose PNG is not the one stamped (an old file put back).
 */

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const MANIFEST = join(ROOT, 'docs/images/manifest.json');
/** Where the image specs list what they took in this run (`e2e/helpers/docs-image.ts`). */
const TAKEN = join(ROOT, 'test-results/docs-images-taken.txt');

/** What draws the pictures: the page, the playground, the renderer's view and theme, the examples, the A2UI bridge. */
const UI_SOURCES = ['index.html', 'playground', 'renderer/view', 'renderer/theme', 'examples', 'adapters/a2ui'];
const SOURCE_FILE = /\.(ts|js|css|html|json|md)$/;

function files(path: string): string[] {
  const full = join(ROOT, path);
  if (!existsSync(full)) return [];
  if (statSync(full).isFile()) return [path];
  return readdirSync(full).flatMap((name) => files(join(path, name)));
}

/** A hash of every UI source file (path and content, in path order); tests are not UI. */
function uiSourcesHash(): string {
  const hash = createHash('sha256');
  const all = UI_SOURCES.flatMap(files)
    .filter((path) => SOURCE_FILE.test(path) && !/\.test\.ts$/.test(path))
    .sort();
  for (const path of all)
    hash
      .update(`${path}\0`)
      .update(readFileSync(join(ROOT, path)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

function pngHash(path: string): string {
  return createHash('sha256')
    .update(readFileSync(join(ROOT, path)))
    .digest('hex')
    .slice(0, 16);
}

/** The `docs/images/…` pictures a markdown page shows (`![alt](docs/images/x.png)` or relative `images/x.png`). */
function imageRefs(markdown: string, page: string): string[] {
  const refs = [...markdown.matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)\)/g)].map((match) => match[1]!);
  return refs
    .map((ref) => relative(ROOT, join(ROOT, page, '..', ref)))
    .filter((path) => path.startsWith('docs/images/'));
}

interface Manifest {
  images: Record<string, { ui: string; png: string }>;
}

function readManifest(): Manifest {
  return existsSync(MANIFEST) ? (JSON.parse(readFileSync(MANIFEST, 'utf8')) as Manifest) : { images: {} };
}

/** Pages whose pictures must be current: the README and every doc. */
function pages(): string[] {
  return ['README.md', ...files('docs').filter((path) => path.endsWith('.md'))];
}

describe('docs images', () => {
  if (process.env.UPDATE_DOCS_IMAGES === '1') {
    it('stamps the images this docs:images run took', () => {
      const taken = existsSync(TAKEN) ? [...new Set(readFileSync(TAKEN, 'utf8').split('\n').filter(Boolean))] : [];
      expect(
        taken.length,
        'no image was taken: run npm run docs:images (it runs the image specs first)',
      ).toBeGreaterThan(0);
      const manifest = readManifest();
      const ui = uiSourcesHash();
      for (const path of taken) manifest.images[path] = { ui, png: pngHash(path) };
      manifest.images = Object.fromEntries(
        Object.entries(manifest.images)
          .filter(([path]) => existsSync(join(ROOT, path)))
          .sort(([a], [b]) => a.localeCompare(b)),
      );
      writeFileSync(MANIFEST, `${JSON.stringify(manifest, null, 2)}\n`);
    });
    return;
  }

  it('every playground image a page shows was taken from the current UI', () => {
    const manifest = readManifest();
    const ui = uiSourcesHash();
    const stale: string[] = [];
    for (const page of pages()) {
      for (const path of imageRefs(readFileSync(join(ROOT, page), 'utf8'), page)) {
        const stamp = manifest.images[path];
        if (stamp === undefined) stale.push(`${page} shows ${path}, which docs/images/manifest.json does not list`);
        else if (!existsSync(join(ROOT, path))) stale.push(`${page} shows ${path}, which does not exist`);
        else if (stamp.png !== pngHash(path))
          stale.push(`${path} is not the picture docs:images took (the PNG was replaced)`);
        else if (stamp.ui !== ui)
          stale.push(`${path} shows an older UI (taken from UI sources ${stamp.ui}, now ${ui})`);
      }
    }
    expect(
      stale,
      'run `npm run docs:images` to retake the pictures from the current UI, then commit them with ' +
        'docs/images/manifest.json',
    ).toEqual([]);
  });

  it('finds the pictures a page links, and only those under docs/images', () => {
    expect(imageRefs('![a](docs/images/a.png) ![b](https://x/b.png) ![c](images/c.png)', 'README.md')).toEqual([
      'docs/images/a.png',
    ]);
    expect(imageRefs('![c](images/c.png) ![d](../images/d.png)', 'docs/neighbours/x.md')).toEqual([
      'docs/images/d.png',
    ]);
    expect(imageRefs('![c](images/c.png)', 'docs/x.md')).toEqual(['docs/images/c.png']);
  });
});
