import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The largest page the build child may print (the page is under 1 MB; the budget is the bound on what is read). */
const MAX_PAGE_BYTES = 16 * 1024 * 1024;

/**
 * The HTML of `ui://suip/app.html`. The package ships it prebuilt (`dist/lib/mcp-app.html`, next
 * to the Node bundle's folder); run from source (this file is `.ts`), it is built from
 * `adapters/mcp-apps/` with Vite at start (about 3 s), so the page always matches the sources.
 * The build runs in a child process: Vite and Rollup loaded into the server would stay in its
 * memory for good (the server idled at 451 MB RSS with them, 132 MB without; docs/server.md).
 */
export async function loadAppHtml(): Promise<string> {
  if (import.meta.url.endsWith('.ts')) {
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const builder = fileURLToPath(new URL('../../adapters/mcp-apps/build-app-html.ts', import.meta.url));
    return new Promise((resolve, reject) => {
      execFile(
        process.execPath,
        ['--import', 'tsx', builder],
        { cwd: root, maxBuffer: MAX_PAGE_BYTES, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (error !== null)
            reject(new Error(`building the MCP App page failed: ${(stderr || error.message).slice(-2000)}`));
          else resolve(stdout);
        },
      );
    });
  }
  // The Node bundle is dist/lib/node/<entry>.js or dist/lib/node/chunks/<chunk>.js; the page is dist/lib/mcp-app.html.
  const candidates = [new URL('../mcp-app.html', import.meta.url), new URL('../../mcp-app.html', import.meta.url)];
  for (const file of candidates) {
    try {
      return await readFile(file, 'utf8');
    } catch {
      // try the next place
    }
  }
  throw new Error(
    `the MCP App page (mcp-app.html) is missing from the package next ` +
      `to ${candidates[0]!.pathname}; rebuild it with npm run build:package`,
  );
}
