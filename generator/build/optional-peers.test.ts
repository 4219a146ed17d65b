import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { optionalPeers } from './optional-peers.ts';

// Inside the repository (not under node_modules): the built files resolve the installed peers
// the way the package's dist/ does, through the node_modules folders above them.
const dir = mkdtempSync(join(fileURLToPath(new URL('../../', import.meta.url)), '.suip-peers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Build `source` for Node with the plugin (a real Vite SSR build) and return the built file. */
async function bundle(name: string, source: string, peers: Parameters<typeof optionalPeers>[0]): Promise<string> {
  writeFileSync(join(dir, `${name}.ts`), source);
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [optionalPeers(peers)],
    build: {
      ssr: true,
      outDir: join(dir, 'out'),
      emptyOutDir: false,
      minify: false,
      rollupOptions: {
        input: { [name]: join(dir, `${name}.ts`) },
        output: { format: 'es', entryFileNames: '[name].mjs' },
      },
    },
  });
  return join(dir, 'out', `${name}.mjs`);
}

/** Import the built file in a plain Node process (no Vite resolution) and print what `body` returns, as JSON. */
function run(file: string, body: string): unknown {
  const script = `const m = await import(${JSON.stringify(pathToFileURL(file).href)});\nconst result = await (async () => { ${body} })();\nprocess.stdout.write(JSON.stringify(result));`;
  return JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
}

describe('optionalPeers', () => {
  it('a missing peer loads without error and fails its first use with SUIP_MISSING_PEER, naming the package and what it is for', async () => {
    const file = await bundle(
      'missing',
      "import { createClient } from 'suip-no-such-peer';\nexport const use = () => createClient();\nexport const loaded = true;\n",
      { 'suip-no-such-peer': { names: ['createClient'], needed: 'the test ledger' } },
    );
    expect(
      run(
        file,
        'try { m.use(); return { loaded: m.loaded }; } catch (error) { return { loaded: m.loaded, code: error.code, message: error.message }; }',
      ),
    ).toEqual({
      loaded: true,
      code: 'SUIP_MISSING_PEER',
      message:
        'suip needs the optional package "suip-no-such-peer" for the test ledger; install it beside suip: npm install suip-no-such-peer',
    });
  });

  it('an installed peer is the real package: named exports (ws) and a CommonJS default (better-sqlite3) work', async () => {
    const file = await bundle(
      'present',
      "import { WebSocketServer } from 'ws';\nimport Database from 'better-sqlite3';\nexport const wss = WebSocketServer;\nexport const open = () => new Database(':memory:').prepare('select 41 + 1 as n').get();\n",
      {
        ws: { names: ['WebSocketServer'], needed: 'sockets' },
        'better-sqlite3': { names: [], default: true, needed: 'the ledger' },
      },
    );
    expect(
      run(file, "const ws = await import('ws'); return { same: m.wss === ws.WebSocketServer, row: m.open() };"),
    ).toEqual({ same: true, row: { n: 42 } });
  });
});
