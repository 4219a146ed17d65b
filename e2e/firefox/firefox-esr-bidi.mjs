#!/usr/bin/env node
/**
 * Launch wrapper for Debian's Firefox ESR under Playwright's WebDriver BiDi channel ('moz-firefox').
 *
 * Why: Playwright sends `emulation.setMediaFeaturesOverride` whenever a browser context opens
 * (BidiBrowserContext.initialize → doUpdateDefaultEmulatedMedia, unconditionally), and ESR 153
 * answers "unknown command", so `browser.newContext()` fails (design.md §8). No launch or context
 * option avoids the call, and node_modules must not be patched.
 *
 * How: Playwright starts this file as the browser executable. It starts the real Firefox with the
 * same arguments, waits for "WebDriver BiDi listening on ws://…", and opens a WebSocket proxy on
 * 127.0.0.1. It prints the proxy's address in the same form, so Playwright connects through it.
 * The proxy forwards every message unchanged except `emulation.setMediaFeaturesOverride`, which it
 * answers itself with an empty success (the specs do not emulate media features, so nothing is
 * lost). It exits when Firefox exits.
 *
 * SUIP_FIREFOX_BIN overrides the Firefox binary (default /usr/bin/firefox-esr).
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { ws: WebSocket, wsServer: WebSocketServer } = require('playwright-core/lib/utilsBundle');

/** BiDi commands ESR 153 does not know and that Playwright sends unasked; answered with success. */
const STUBBED = new Set(['emulation.setMediaFeaturesOverride']);

const firefoxBin = process.env.SUIP_FIREFOX_BIN ?? '/usr/bin/firefox-esr';
const firefox = spawn(firefoxBin, process.argv.slice(2), { stdio: ['ignore', 'inherit', 'pipe'] });
firefox.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
for (const sig of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(sig, () => firefox.kill(sig));

let buffered = '';
let proxyStarted = false;
firefox.stderr.on('data', (chunk) => {
  if (proxyStarted) {
    process.stderr.write(chunk);
    return;
  }
  buffered += chunk.toString();
  const lines = buffered.split('\n');
  buffered = lines.pop() ?? '';
  for (const line of lines) {
    const match = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(line);
    if (match && !proxyStarted) {
      proxyStarted = true;
      startProxy(match[1].replace(/\/$/, ''));
    } else {
      process.stderr.write(line + '\n');
    }
  }
});

function startProxy(upstreamBase) {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  server.on('listening', () => {
    const { port } = server.address();
    process.stderr.write(`WebDriver BiDi listening on ws://127.0.0.1:${port}\n`);
    if (buffered) process.stderr.write(buffered);
  });
  server.on('connection', (client, request) => {
    const upstream = new WebSocket(upstreamBase + (request.url ?? '/session'), { perMessageDeflate: false });
    const pending = [];
    upstream.on('open', () => {
      for (const message of pending.splice(0)) upstream.send(message);
    });
    upstream.on('message', (data) => client.send(data.toString()));
    upstream.on('close', () => client.close());
    upstream.on('error', () => client.close());
    client.on('close', () => upstream.close());
    client.on('message', (data) => {
      const text = data.toString();
      let parsed;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined;
      }
      if (parsed && STUBBED.has(parsed.method)) {
        client.send(JSON.stringify({ type: 'success', id: parsed.id, result: {} }));
        return;
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(text);
      else pending.push(text);
    });
  });
}
