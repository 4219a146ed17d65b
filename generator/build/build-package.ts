import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { sandboxSrcdoc } from '../../renderer/frame/srcdoc.ts';
import { keepSideEffects } from './keep-side-effects.ts';
import { suipSandbox } from './sandbox-plugin.ts';

/**
 * Builds the npm package into `dist/lib/` (run by `npm run build:package`, and by `npm pack`
 * through `prepack`): ES modules with source maps per public entry, the sandbox runtime prebuilt
 * and inlined (no bundler plugin needed by hosts), a self-contained browser bundle for pages with
 * no bundler, the static `suip-sandbox.html` for strict-CSP hosts, and `.d.ts` types.
 */
const root = fileURLToPath(new URL('../../', import.meta.url));
const out = join(root, 'dist/lib');

/** Public entries: subpath export name → source file. */
export const PACKAGE_ENTRIES: Record<string, string> = {
  renderer: 'renderer/index.ts',
  headless: 'renderer/headless.ts',
  kit: 'generator/kit.ts',
  react: 'renderer/react/index.ts',
  a2ui: 'adapters/a2ui/index.ts',
  live: 'adapters/live/index.ts',
};

const dependencies = Object.keys((JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }).dependencies);
/** Dependencies stay imports (the host's bundler dedupes them); React is the host's own. */
const external = (id: string) => [...dependencies, 'react', 'react-dom'].some((name) => id === name || id.startsWith(`${name}/`));

const base: InlineConfig = { configFile: false, root, logLevel: 'warn', plugins: [suipSandbox({ document: sandboxSrcdoc }), keepSideEffects()] };

async function main(): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  await build({
    ...base,
    build: {
      outDir: out,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: false,
      lib: { entry: Object.fromEntries(Object.entries(PACKAGE_ENTRIES).map(([name, file]) => [name, join(root, file)])), formats: ['es'] },
      rollupOptions: { external, output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  });
  // One file with everything, for `<script type="module">` pages with no bundler and no import map.
  await build({
    ...base,
    plugins: [suipSandbox(), keepSideEffects()],
    // Bundled dependencies read process.env.NODE_ENV, which a page without a bundler does not have.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir: join(out, 'browser'),
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: true,
      lib: { entry: join(root, 'renderer/index.ts'), formats: ['es'], fileName: () => 'suip.js' },
      // One file for pages without a bundler: the chunks the renderer loads on first use (the
      // markdown pipeline) are inlined here; the ES entries above keep them apart.
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.package.json')], { stdio: 'inherit' });
  rewriteDeclarations(join(out, 'types'));
}

/** Declarations keep the sources' `.ts` specifiers; consumers resolve the emitted `.d.ts` through `.js`. */
function rewriteDeclarations(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) rewriteDeclarations(path);
    else if (name.endsWith('.d.ts')) writeFileSync(path, readFileSync(path, 'utf8').replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2'));
  }
}

await main();
