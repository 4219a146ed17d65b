import { readFile } from 'node:fs/promises';

/**
 * The HTML of `ui://suip/app.html`. The package ships it prebuilt (`dist/lib/mcp-app.html`, next
 * to the Node bundle's folder); run from source (this file is `.ts`), it is built from
 * `adapters/mcp-apps/` with Vite at start (about 3 s), so the page always matches the sources.
 */
export async function loadAppHtml(): Promise<string> {
  if (import.meta.url.endsWith('.ts')) {
    // A computed specifier: the package's Node bundle never includes the build (nor Vite).
    const builder = new URL('../../adapters/mcp-apps/build-app-html.ts', import.meta.url).href;
    const { buildAppHtml } = (await import(/* @vite-ignore */ builder)) as { buildAppHtml(): Promise<string> };
    return buildAppHtml();
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
  throw new Error(`the MCP App page (mcp-app.html) is missing from the package next to ${candidates[0]!.pathname}; rebuild it with npm run build:package`);
}
