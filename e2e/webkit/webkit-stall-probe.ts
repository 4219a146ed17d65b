/**
 * WebKit probe (issue 44): runs the @stall attacks of security-floods / security-loops in WebKitGTK
 * (Debian `webkit2gtk-driver`: WebKitWebDriver driving MiniBrowser) over classic WebDriver, since
 * Playwright drives only its own WebKit build, which cannot be downloaded here. Not part of `npm test`.
 *
 * Usage: a Vite server of this tree (`npx vite --port P --host 127.0.0.1`), an X display (Xvfb), and
 * `WebKitWebDriver --port=D`; then
 *   SUIP_BASE=http://127.0.0.1:P SUIP_WEBDRIVER=http://127.0.0.1:D node --import tsx e2e/webkit/webkit-stall-probe.ts
 * Prints one MEASURE line per attack: the host's longest gap between 10 ms timer ticks during it,
 * the same page's gap while idle just before, and how the attacker ended.
 */
import { generatorCode } from '../helpers/generator-code.ts';

const base = process.env.SUIP_BASE ?? 'http://127.0.0.1:5173';
const driver = process.env.SUIP_WEBDRIVER ?? 'http://127.0.0.1:4444';
const MINIBROWSER = process.env.SUIP_MINIBROWSER ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const ATTACKS = (
  process.env.SUIP_ATTACKS ?? 'flood-raw,flood-rejections-tasks,string-raw,spin-port,spin-control,spin-report'
).split(',');

async function call(method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${driver}${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { value: unknown };
  if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value).slice(0, 500)}`);
  return json.value;
}

const session = (await call('POST', '/session', {
  capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
})) as { sessionId: string; capabilities: { browserVersion: string } };
const s = `/session/${session.sessionId}`;
const run = (script: string, args: unknown[] = []) => call('POST', `${s}/execute/async`, { script, args });
const sync = (script: string, args: unknown[] = []) => call('POST', `${s}/execute/sync`, { script, args });
await call('POST', `${s}/timeouts`, { script: 120_000 });
console.log(`WebKitGTK ${session.capabilities.browserVersion} (MiniBrowser over WebKitWebDriver)`);

const METER = `window.__m = { last: performance.now(), max: 0 };
clearInterval(window.__mt); window.__mt = setInterval(() => { const t = performance.now();
window.__m.max = Math.max(window.__m.max, t - window.__m.last); window.__m.last = t; }, 10);`;
const READ = `return Math.round(Math.max(window.__m.max, performance.now() - window.__m.last));`;
try {
  for (const attack of ATTACKS) {
    await call('POST', `${s}/url`, { url: `${base}/e2e/fixtures/security/host.html` });
    await run(`const done = arguments[arguments.length - 1];
      const wait = () => window.suipTest?.ready ? Promise.resolve(window.suipTest.mount({})).then(() => done(true)) : setTimeout(wait, 50); wait();`);
    const b = await run(
      `const done = arguments[arguments.length - 1]; window.suipTest.attach('b', arguments[0]).then(done);`,
      [generatorCode('healthy', { ID: 'b' })],
    );
    await sync(METER);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const idle = await sync(READ);
    const a = await run(
      `const done = arguments[arguments.length - 1]; window.suipTest.attach('a', arguments[0]).then(done);`,
      [generatorCode('bomb', { ATTACK: attack })],
    );
    await sync(METER);
    let ended: unknown;
    for (let i = 0; i < 300 && ended === undefined; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      ended = ((await sync(`return window.suipTest.summary('a', true);`)) as { ended?: unknown }).ended;
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    const gap = await sync(READ);
    console.log(
      `MEASURE webkit ${attack}: host max gap ${gap} ms (idle just before ${idle} ms); b ${JSON.stringify(b)}; a ${JSON.stringify(a)}; ended ${JSON.stringify(ended).slice(0, 200)}`,
    );
  }
} finally {
  await call('DELETE', s);
}
