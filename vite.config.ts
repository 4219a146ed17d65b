import { defineConfig } from 'vitest/config';

/**
 * One config for the playground dev server, the static build and the unit tests.
 * Plugins that build the sandbox runtime as one inline script live in `vite/`.
 */
export default defineConfig({
  // Relative asset URLs, so `dist/` works from any static server and any sub-path.
  base: './',
  build: { outDir: 'dist', target: 'es2022' },
  test: {
    include: ['shared/**/*.test.ts', 'generator/**/*.test.ts', 'renderer/**/*.test.ts', 'bench/**/*.test.ts', 'playground/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
  },
});
