import type { Plugin } from 'vite';

/** The module that starts the SQLite writer thread (a TypeScript worker, through tsx) and keeps it running. */
const LEDGER = /\/server\/ledger\/sqlite-writer-supervisor\.ts$/;
/** Where the package build puts the worker (a Node entry, see NODE_ENTRIES). */
export const WRITER_ENTRY = 'sqlite-writer';

/**
 * From source, the SQLite ledger starts its writer thread from `sqlite-writer.ts` through tsx's
 * loader (`sqlite-writer-supervisor.ts`). The package runs no TypeScript loader: this rewrites the three
 * constants behind that so the thread imports the prebuilt `dist/lib/node/sqlite-writer.js`
 * directly, found from wherever the ledger's code landed (an entry or `chunks/`). Each rewrite
 * must match, so a change in the ledger fails the package build instead of a consumer's start.
 */
export function prebuiltWorker(): Plugin {
  const rewrites: Array<[RegExp, string]> = [
    [
      /const BOOTSTRAP = `[^`]*`;/,
      "const BOOTSTRAP = `const { workerData } = require('node:worker_threads');\\nimport(workerData.entry);`;",
    ],
    [/const TSX = \(\(\) => \{[\s\S]*?\}\)\(\);/, "const TSX = '';"],
    [
      /const ENTRY = new URL\('\.\/sqlite-writer\.ts', import\.meta\.url\)\.href;/,
      `const ENTRY = new URL(import.meta.url.includes('/chunks/') ? ` +
        `'../${WRITER_ENTRY}.js' : './${WRITER_ENTRY}.js', import.meta.url).href;`,
    ],
  ];
  return {
    name: 'suip-prebuilt-worker',
    enforce: 'pre',
    transform(code, id) {
      if (!LEDGER.test(id)) return null;
      let out = code;
      for (const [pattern, replacement] of rewrites) {
        if (!pattern.test(out))
          throw new Error(
            `${id}: the package build no longer finds ${pattern} (how the ledger starts ` +
              `its writer thread changed); update generator/build/prebuilt-worker.ts`,
          );
        out = out.replace(pattern, replacement);
      }
      return { code: out, map: null };
    },
  };
}
