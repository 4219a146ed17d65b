import { configDefaults, defineConfig } from 'vitest/config';
import { keepSideEffects } from './generator/build/keep-side-effects.ts';
import { suipSandbox } from './generator/build/sandbox-plugin.ts';
import { sandboxSrcdoc } from './renderer/frame/srcdoc.ts';

/**
 * One config for the playground dev server, the static build and the unit tests.
 * The plugin that builds the sandbox runtime as one inline script lives in `generator/build/`.
 */
export default defineConfig({
  // Relative asset URLs, so `dist/` works from any static server and any sub-path.
  base: './',
  // The sandbox's relay and Worker runtime, bundled as single scripts for inlining (virtual:suip-sandbox),
  // plus the static suip-sandbox.html for strict-CSP hosts (same document as the srcdoc).
  plugins: [suipSandbox({ document: sandboxSrcdoc }), keepSideEffects()],
  build: {
    outDir: 'dist',
    target: 'es2022',
    // The renderer checks its wire with checks generated ahead of time (shared/wire-checks.ts), so
    // the TypeBox schemas of the wire modules it imports plain values from (DEFAULT_LIMITS, Method)
    // are unused there: declaring the builders pure lets them, and TypeBox, drop out (issue 31).
    rollupOptions: { treeshake: { manualPureFunctions: ['Type', 'opParams', 'groupFields'] } },
  },
  // Pre-bundle every browser dependency up front: on a cold cache (a fresh clone, CI) Vite would
  // otherwise discover one mid-test and reload the page under the spec. Only pages that import
  // no virtual modules are scanned (bench pages keep their own cache).
  optimizeDeps: {
    entries: ['index.html', 'e2e/fixtures/**/*.html'],
    include: [
      'lit',
      'lit/directive.js',
      'lit/directives/if-defined.js',
      'lit/directives/repeat.js',
      'lit/directives/style-map.js',
      'lit/directives/unsafe-html.js',
      'lit/static-html.js',
      'markdown-it',
      'json-rpc-2.0',
      'comlink',
      '@sinclair/typebox',
      '@sinclair/typebox/compiler',
      '@sinclair/typebox/value',
    ],
  },
  test: {
    // Timing verdicts (`*.load.test.ts`: a latency ratio under a flood) are not unit tests: a busy machine flips them,
    // so `npm test` leaves them out and `npm run test:load` (SUIP_LOAD_TESTS=1) runs only them, on a quiet machine.
    include:
      process.env.SUIP_LOAD_TESTS === '1'
        ? ['{server,bench}/**/*.load.test.ts']
        : ['{shared,core,generator,renderer,server,adapters,bench,playground}/**/*.test.ts'],
    exclude:
      process.env.SUIP_LOAD_TESTS === '1' ? configDefaults.exclude : [...configDefaults.exclude, '**/*.load.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    // Suites start real server processes in their hooks; beside CPU hogs one took over 30 s.
    hookTimeout: 120_000,
  },
});
