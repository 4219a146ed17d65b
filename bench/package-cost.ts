/**
 * `node --import tsx bench/package-cost.ts` (part of `npm run bench`): what embedding costs a host,
 * in bytes. Bundles each host entry the way a host app would (Vite, minified, every dependency
 * included) and reports raw and gzip sizes: suip's renderer entry (what loads before a first
 * paint) and, apart, each chunk it loads on first use (the markdown pipeline; the relay script,
 * requested when a renderer is created, never in strict-CSP mode), the sandbox runtime (relay +
 * Worker runtime, sent into every sandbox), and the anchors `@a2ui/lit` (its v0.9
 * renderer) and `@remote-dom/core` (the host-side receiver and its elements). Rewrites the table
 * between the package-cost markers of docs/benchmarks.md.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Rollup } from 'vite';
import { buildSandboxSources } from '../generator/build/sandbox-plugin.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const work = fileURLToPath(new URL('../node_modules/.cache/suip-bench/package-cost/', import.meta.url));
mkdirSync(work, { recursive: true });

/** Entries a host would import, as module source. */
const ENTRIES: Record<string, string> = {
  'suip: renderer entry (built-in vocabulary, validators, sandbox bootstrap)': `export { createRenderer } from '${root}renderer/index.ts';`,
  '@a2ui/lit: v0.9 renderer': `export * from '@a2ui/lit/v0_9';`,
  '@remote-dom/core: receiver and elements': `export * from '@remote-dom/core/receivers'; export * from '@remote-dom/core/elements';`,
};

interface Row {
  name: string;
  raw: number;
  gzip: number;
}

const measure = (name: string, code: string): Row => ({ name, raw: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });

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
    build: { write: false, minify: true, sourcemap: false, lib: { entry: file, formats: ['es'], fileName: () => 'out.js' } },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rollup.RollupOutput[];
  const chunks = outputs.flatMap((o) => o.output).filter((chunk): chunk is Rollup.OutputChunk => chunk.type === 'chunk');
  const lazy = chunks.filter((chunk) => !chunk.isEntry && chunk.isDynamicEntry);
  // Shared helpers a bundler splits out (a runtime of a few hundred bytes) count with the entry.
  const entry = chunks.filter((chunk) => !lazy.includes(chunk)).map((chunk) => chunk.code).join('\n');
  return [measure(name, entry), ...lazy.map((chunk) => measure(`${name.split(':')[0]}, loaded on first use: ${chunk.name}`, chunk.code))];
}

const rows: Row[] = [];
for (const [name, source] of Object.entries(ENTRIES)) rows.push(...(await bundle(name, source)));
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

const doc = fileURLToPath(new URL('../docs/benchmarks.md', import.meta.url));
const START = '<!-- package-cost:start -->';
const END = '<!-- package-cost:end -->';
const text = readFileSync(doc, 'utf8');
const section = `${START}\n\nMeasured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`node --import tsx bench/package-cost.ts\` (part of \`npm run bench\`).\n\n${table}\n\n${END}`;
if (text.includes(START)) writeFileSync(doc, text.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section));
else writeFileSync(doc, `${text.trimEnd()}\n\n## What embedding costs: bundle sizes\n\n${section}\n`);
