import { execFileSync } from 'node:child_process';
import { chmodSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { sandboxSrcdoc } from '../../renderer/frame/srcdoc.ts';
import { keepDirective } from './keep-directive.ts';
import { keepSideEffects } from './keep-side-effects.ts';
import { optionalPeers, SERVER_PEERS } from './optional-peers.ts';
import { prebuiltWorker, WRITER_ENTRY } from './prebuilt-worker.ts';
import { suipSandbox } from './sandbox-plugin.ts';
import { buildAppHtml } from '../../adapters/mcp-apps/build-app-html.ts';

/**
 * Builds the npm package into `dist/lib/` (run by `npm run build:package`, and by `npm pack`
 * through `prepack`): ES modules with source maps per public entry, the sandbox runtime prebuilt
 * and inlined (no bundler plugin needed by hosts), a self-contained browser bundle for pages with
 * no bundler, the static `suip-sandbox.html` for strict-CSP hosts, the server, the agent client and
 * the `suip` CLI prebuilt for Node (`dist/lib/node/`, no TypeScript loader at run time), and `.d.ts` types.
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
  // MCP Apps host side: <suip-mcp-app> / showMcpApp (issue 32).
  'mcp-apps': 'adapters/mcp-apps/index.ts',
  // Host developers' Playwright helpers (issue 30); @playwright/test stays their own (an optional peer).
  testing: 'renderer/testing/index.ts',
  // AG-UI client side: connectAgUi (issue 33).
  'ag-ui': 'adapters/ag-ui/index.ts',
};

/** The source of `suip/browser` (`dist/lib/browser/suip.js`): the renderer and `<suip-live>`. */
export const BROWSER_ENTRY = 'adapters/live/browser.ts';

/** Node entries (`dist/lib/node/`): subpath export or bin name → source file. */
export const NODE_ENTRIES: Record<string, string> = {
  server: 'server/bin/server.ts',
  agent: 'server/bin/agent.ts',
  cli: 'server/bin/cli.ts',
  // The SQLite ledger's writer thread, started by file URL (generator/build/prebuilt-worker.ts).
  [WRITER_ENTRY]: 'server/ledger/sqlite-writer.ts',
};

const dependencies = Object.keys(
  (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> })
    .dependencies,
);
/** Dependencies stay imports (the host's bundler dedupes them); React and Playwright are the host's own. */
const external = (id: string) =>
  [...dependencies, 'react', 'react-dom', '@playwright/test'].some((name) => id === name || id.startsWith(`${name}/`));
/**
 * The SDKs an adapter entry talks to are the host's own too (optional peers): `suip/ag-ui` drives
 * the host's `@ag-ui/client` agent and `suip/mcp-apps` the host's MCP client and `AppBridge`, so a
 * bundled second copy would only add weight and break `instanceof` across the two.
 */
const ADAPTER_PEERS = [
  '@ag-ui/client',
  '@ag-ui/core',
  'rxjs',
  '@modelcontextprotocol/client',
  '@modelcontextprotocol/ext-apps',
];
const externalInBrowser = (id: string) =>
  external(id) || ADAPTER_PEERS.some((name) => id === name || id.startsWith(`${name}/`));

const base: InlineConfig = {
  configFile: false,
  root,
  logLevel: 'warn',
  plugins: [suipSandbox({ document: sandboxSrcdoc }), keepSideEffects()],
};

/**
 * The ES entries' build (`dist/lib/*.js` and their chunks) into `outDir`; `bench/package-cost.ts`
 * builds it too, to measure the renderer entry as a host's bundler builds it from the package.
 */
export function libraryBuild(outDir: string): InlineConfig {
  return {
    ...base,
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2022',
      sourcemap: true,
      minify: false,
      lib: {
        entry: Object.fromEntries(Object.entries(PACKAGE_ENTRIES).map(([name, file]) => [name, join(root, file)])),
        formats: ['es'],
      },
      rollupOptions: {
        external: externalInBrowser,
        // One file per source module (entries keep their names: renderer.js, headless.js, …), so a
        // host's bundler tree-shakes the package module by module as the sources build does:
        // chunks shared by several entries would carry every entry's code into a host that imports
        // one function (issue 31: 71.1 KB gzip instead of 59.0). package.json's `sideEffects`
        // names the modules that define custom elements; every other one may be dropped.
        output: {
          preserveModules: true,
          preserveModulesRoot: root,
          entryFileNames: '[name].js',
          chunkFileNames: 'chunks/[name]-[hash].js',
        },
        // The renderer's checks are generated ahead of time: its unused TypeBox schemas drop out (vite.config.ts says
        // why).
        treeshake: { manualPureFunctions: ['Type', 'opParams', 'groupFields'] },
        // 'use client' is kept on purpose (and checked by keepDirective below); other warnings pass.
        onwarn: (warning, warn) =>
          warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')
            ? undefined
            : warn(warning),
      },
    },
  };
}

async function main(): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  await build(libraryBuild(out));
  // One file with everything, for `<script type="module">` pages with no bundler and no import map:
  // the renderer and the live channel's `<suip-live>` (registered on load), adapters/live/browser.ts.
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
      lib: { entry: join(root, BROWSER_ENTRY), formats: ['es'], fileName: () => 'suip.js' },
      // One file for pages without a bundler: the chunks the renderer loads on first use (the
      // markdown pipeline, the relay script) are inlined here; the ES entries above keep them apart.
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  keepDirective(join(out, 'react.js'), join(root, PACKAGE_ENTRIES.react!));
  // The server, the agent client and the CLI for Node: the package's dependencies stay imports,
  // the optional peers (ws, better-sqlite3, redis) load at start only when installed.
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    plugins: [optionalPeers(), prebuiltWorker()],
    // Everything not a dependency or an optional peer (below) is bundled: `suip mcp` and `/ag-ui` use
    // the MCP SDK, the AG-UI encoder and zod, devDependencies that are not installed with suip.
    ssr: { target: 'node', noExternal: true },
    build: {
      ssr: true,
      outDir: join(out, 'node'),
      emptyOutDir: false,
      target: 'node20',
      sourcemap: true,
      minify: false,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(NODE_ENTRIES).map(([name, file]) => [name, join(root, file)])),
        external: (id) => id.startsWith('node:') || (external(id) && !Object.hasOwn(SERVER_PEERS, id)),
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  });
  chmodSync(join(out, 'node/cli.js'), 0o755);
  // ui://suip/app.html of `suip mcp`, read by server/mcp/app-html.ts next to the Node bundle (issue 32).
  writeFileSync(join(out, 'mcp-app.html'), await buildAppHtml());
  checkNodeImports(join(out, 'node'));
  execFileSync(
    process.execPath,
    [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.package.json')],
    { stdio: 'inherit' },
  );
  rewriteDeclarations(join(out, 'types'));
}

/**
 * Every bare import left in the Node bundle must be a Node builtin, a dependency (installed with
 * suip) or an optional peer (loaded through its stand-in): a devDependency left as an import would
 * start here and fail in every app that installed the package.
 */
function checkNodeImports(folder: string): void {
  for (const name of readdirSync(folder, { recursive: true }) as string[]) {
    if (!name.endsWith('.js')) continue;
    const code = readFileSync(join(folder, name), 'utf8');
    for (const [, id] of code.matchAll(/(?:\bfrom|\bimport\()\s*"([@\w][\w@/.:-]*)"/g)) {
      const pkg = id!.startsWith('@') ? id!.split('/').slice(0, 2).join('/') : id!.split('/')[0]!;
      if (!isBuiltin(id!) && !dependencies.includes(pkg) && !Object.hasOwn(SERVER_PEERS, pkg))
        throw new Error(
          `dist/lib/node/${name} imports "${id}", which is neither a dependency of ` +
            `suip nor an optional peer: add it to dependencies, or bundle it`,
        );
    }
  }
}

/** Declarations keep the sources' `.ts` specifiers; consumers resolve the emitted `.d.ts` through `.js`. */
function rewriteDeclarations(folder: string): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) rewriteDeclarations(path);
    else if (name.endsWith('.d.ts'))
      writeFileSync(
        path,
        readFileSync(path, 'utf8').replace(/((?:from|import)\s*\(?\s*['"]\.{1,2}\/[^'"]*?)\.ts(['"])/g, '$1.js$2'),
      );
  }
}

// Run as a script (`npm run build:package`); imported, it only lends its configuration.
if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
