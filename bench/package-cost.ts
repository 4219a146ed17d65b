/**
 * `node --import tsx bench/package-cost.ts` (part of `npm run bench`): what embedding costs a host,
 * in bytes. Bundles each host entry the way a host app would (Vite, minified, every dependency
 * included) and reports raw and gzip sizes: suip's renderer entry (what loads before a first
 * paint) and, apart, each chunk it loads on first use (the markdown pipeline; the relay script,
 * requested when a renderer is created, never in strict-CSP mode), the sandbox runtime (relay +
 * Worker runtime, sent into every sandbox), and the anchors `@a2ui/lit` (its v0.9
 * renderer) and `@remote-dom/core` (the host-side receiver and its elements). Rewrites the table
 * between the package-cost markers of docs/benchmarks.md.
 *
 * `--modules[=N]` also prints the N (default 15) largest modules of the suip entry (Rollup's
 * per-module rendered bytes of the same minified build) and the sum per folder: what to cut next.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { libraryBuild } from '../generator/build/build-package.ts';
import { buildSandboxSources } from '../generator/build/sandbox-plugin.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL('../node_modules/.cache/suip-bench/package-cost/', import.meta.url));
mkdirSync(work, { recursive: true });

const SUIP_ENTRY = 'suip: renderer entry (built-in vocabulary, validators, sandbox bootstrap)';
/** The suip entry's modules and their rendered bytes, for `--modules`. */
let listing: (readonly [string, number])[] = [];

/** Entries a host would import, as module source. */
const ENTRIES: Record<string, string> = {
  [SUIP_ENTRY]: `export { createRenderer } from '${root}renderer/index.ts';`,
  '@a2ui/lit: v0.9 renderer': `export * from '@a2ui/lit/v0_9';`,
  '@remote-dom/core: receiver and elements': `export * from '@remote-dom/core/receivers'; export * from '@remote-dom/core/elements';`,
};

interface Row {
  name: string;
  raw: number;
  gzip: number;
}

const measure = (name: string, code: string): Row => ({
  name,
  raw: Buffer.byteLength(code),
  gzip: gzipSync(code, { level: 9 }).length,
});

/**
 * The entry chunk (what a host page loads before its first paint) as one row, and every chunk
 * it loads only when first used (`import()`: the markdown pipeline) as a row of its own.
 */
async function bundle(name: string, source: string): Promise<Row[]> {
  const file = `${work}${name.replace(/[^a-z0-9]+/gi, '-')}.js`;
  writeFileSync(file, source);
  const output = await build({
    root,
    configFile: `${root}vite.config.ts`,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      minify: true,
      sourcemap: false,
      lib: { entry: file, formats: ['es'], fileName: () => 'out.js' },
      // A host app's build may add exports to its entry chunk (library mode keeps the entry's
      // signature strict, which splits the modules a lazy chunk shares with it into a chunk of
      // their own that loads with the entry anyway, and gzips worse apart).
      rollupOptions: { preserveEntrySignatures: 'allow-extension' },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk');
  const lazy = chunks.filter((chunk) => !chunk.isEntry && chunk.isDynamicEntry);
  // Shared helpers a bundler splits out (a runtime of a few hundred bytes) count with the entry.
  const entry = chunks
    .filter((chunk) => !lazy.includes(chunk))
    .map((chunk) => chunk.code)
    .join('\n');
  if (name === SUIP_ENTRY)
    listing = chunks
      .filter((chunk) => !lazy.includes(chunk))
      .flatMap((chunk) => Object.entries(chunk.modules).map(([id, module]) => [id, module.renderedLength] as const));
  return [
    measure(name, entry),
    ...lazy.map((chunk) => measure(`${name.split(':')[0]}, loaded on first use: ${chunk.name}`, chunk.code)),
  ];
}

const rows: Row[] = [];
for (const [name, source] of Object.entries(ENTRIES)) rows.push(...(await bundle(name, source)));

/**
 * The same entry as a host's own bundler builds it from the package (`npm run build:package`'s ES
 * entries, with package.json's `sideEffects`): it must equal the row above, or the package keeps
 * something the sources' build drops (a bare import of a dependency, a call the dist no longer
 * knows to be pure).
 */
const HOST_BUILT = 'suip: the same entry, built by a host from the package (dist/lib/renderer.js)';
const pkg = `${root}dist/bench-package/`;
rmSync(pkg, { recursive: true, force: true });
await build({ ...libraryBuild(`${pkg}dist/lib`), logLevel: 'silent' });
const { sideEffects } = JSON.parse(readFileSync(`${root}package.json`, 'utf8')) as { sideEffects: string[] };
writeFileSync(`${pkg}package.json`, JSON.stringify({ name: 'suip', type: 'module', sideEffects }));
const [hostBuilt] = await bundle(HOST_BUILT, `export { createRenderer } from '${pkg}dist/lib/renderer.js';`);
rows.splice(1, 0, hostBuilt!);
const { relay, runtime } = await buildSandboxSources();
rows.push(measure('suip sandbox: relay with the Worker runtime (the relay-source-text chunk above)', relay.code));
rows.push(measure('suip sandbox: Worker runtime alone', runtime.code));

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const base = rows[0]!.gzip;
const table = [
  '| bundle | minified | gzip | gzip vs suip |',
  '|---|---|---|---|',
  ...rows.map((row) => `| ${row.name} | ${kb(row.raw)} | ${kb(row.gzip)} | ${(row.gzip / base).toFixed(2)}x |`),
].join('\n');
console.log(table);

const modulesFlag = process.argv.find((arg) => arg === '--modules' || arg.startsWith('--modules='));
if (modulesFlag) {
  const top = Number(modulesFlag.split('=')[1] ?? 15);
  const name = (id: string) => id.replace(root, '').replace(/^.*node_modules\//, '');
  const folder = (id: string) => {
    const parts = name(id).split('/');
    return id.includes('node_modules/')
      ? parts.slice(0, parts[0]!.startsWith('@') ? 2 : 1).join('/')
      : parts.slice(0, Math.min(2, parts.length - 1) || 1).join('/');
  };
  const folders = new Map<string, number>();
  for (const [id, bytes] of listing) folders.set(folder(id), (folders.get(folder(id)) ?? 0) + bytes);
  const rows = (entries: Iterable<readonly [string, number]>, count: number) =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([id, bytes]) => `| ${name(id)} | ${kb(bytes)} |`)
      .join('\n');
  console.log(
    `\nThe suip entry by folder (Rollup's rendered bytes per module, after tree-shaking, before minification):\n| folder | bytes |\n|---|---|\n${rows(folders, 20)}`,
  );
  console.log(`\nIts ${top} largest modules:\n| module | bytes |\n|---|---|\n${rows(listing, top)}`);
}

const doc = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const START = '<!-- package-cost:start -->';
const END = '<!-- package-cost:end -->';
const text = readFileSync(doc, 'utf8');
const section = `${START}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`node --import tsx bench/package-cost.ts\` (part of \`npm run bench\`).\n\n${table}\n\n${END}`;
if (text.includes(START)) writeFileSync(doc, text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section));
else writeFileSync(doc, `${text.trimEnd()}\n\n## What embedding costs: bundle sizes\n\n${section}\n`);
