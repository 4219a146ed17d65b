import { readFile } from 'node:fs/promises';
import { register } from 'node:module';
import { isMainThread } from 'node:worker_threads';
import { transform } from 'esbuild';

/**
 * A loader that runs the repository's TypeScript as the package ships it (`node --import
 * ./bench/ts-as-shipped.mjs file.ts`): esbuild strips the types file by file, as the package build
 * does (`generator/build/build-package.ts`: Vite's esbuild, no `keepNames`). tsx, which the other
 * benches use, always sets `keepNames`: every named function then gets its `name` redefined when
 * it is created, which moves the function's properties into a 256-byte dictionary — a closure
 * made per connection weighs five times what it weighs in the shipped server, and the live
 * channel's memory per subscriber read more than twice what it is (`bench/live-channel.ts`).
 * Relative imports name their `.ts` files, so Node's own resolution finds them; only loading
 * changes. Worker threads that register tsx themselves (the SQLite writer) keep it.
 */
if (isMainThread) register(import.meta.url);

/** The `load` hook: `.ts` files are transformed, everything else is Node's. */
export async function load(url, context, nextLoad) {
  if (!url.startsWith('file:') || !url.endsWith('.ts')) return nextLoad(url, context);
  const source = await readFile(new URL(url), 'utf8');
  const { code } = await transform(source, {
    loader: 'ts',
    format: 'esm',
    target: 'node20',
    sourcefile: url,
    tsconfigRaw: { compilerOptions: { verbatimModuleSyntax: true } },
  });
  return { format: 'module', source: code, shortCircuit: true };
}
