import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { keepSideEffects } from '../../generator/build/keep-side-effects.ts';
import { suipSandbox } from '../../generator/build/sandbox-plugin.ts';
import { appDocument } from './app-document.ts';

const ENTRY = fileURLToPath(new URL('./suip-app-page.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Builds `ui://suip/app.html` (Node only: used by `npm run build:package` and by the MCP server
 * run from source): the page script with the renderer, the sandbox relay and the SDK's `App`
 * bundled into one minified module, inlined into `appDocument`.
 */
export async function buildAppHtml(): Promise<string> {
  const output = await build({
    configFile: false,
    root: ROOT,
    logLevel: 'silent',
    // keepSideEffects: the view's modules define its custom elements, which tree-shaking would drop.
    plugins: [suipSandbox(), keepSideEffects()],
    // Bundled dependencies read process.env.NODE_ENV, which the view does not have.
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      sourcemap: false,
      lib: { entry: ENTRY, formats: ['es'], fileName: () => 'suip-app.js' },
      rollupOptions: { output: { codeSplitting: false } },
    },
  });
  const results = Array.isArray(output) ? output : [output];
  const chunks = results
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((item) => item.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`the MCP App page should build to one script, it built to ${chunks.length}`);
  return appDocument(chunks[0]!.code);
}

// Run as a script (`node --import tsx build-app-html.ts`, as the MCP server run from source does
// in a child process): the page on stdout.
if (import.meta.url === `file://${process.argv[1]}`) process.stdout.write(await buildAppHtml());
