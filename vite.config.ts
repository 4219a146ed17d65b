import { defineConfig } from 'vitest/config';
import { suipSandbox } from './generator/build/sandbox-plugin.ts';
import { sandboxSrcdoc } from './renderer/frame/srcdoc.ts';

/**
 * One config for the playground dev server, the static build and the unit tests.
 * Plugins that build the sandbox runtime as one inline script live in `vite/`.
 */
export default defineConfig({
  // Relative asset URLs, so `dist/` works from any static server and any sub-path.
  base: './',
  // The sandbox's relay and Worker runtime, bundled as single scripts for inlining (virtual:suip-sandbox),
  // plus the static suip-sandbox.html for strict-CSP hosts (same document as the srcdoc).
  plugins: [suipSandbox({ document: sandboxSrcdoc })],
  build: { outDir: 'dist', target: 'es2022' },
  test: {
    include: ['shared/**/*.test.ts', 'generator/**/*.test.ts', 'renderer/**/*.test.ts', 'bench/**/*.test.ts', 'playground/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
