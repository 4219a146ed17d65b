import { expect, test, type Page } from '@playwright/test';
import { viewCsp } from '../shared/neighbours/mcp-apps/view-csp.ts';
import { inspectorCsp, specCsp } from './fixtures/mcp-apps/host-csp.ts';

/**
 * Measurements behind docs/security.md's CSP × engine matrix (issue 44): what a program could run
 * in when a host's CSP refuses suip's blob Worker. Each host policy is put on a sandboxed srcdoc
 * frame standing for suip's relay (`allow-scripts`, opaque origin, as in renderer/frame/), which
 * tries the three candidates: a blob Worker (today's engine), WebAssembly (a JS engine compiled to
 * it) and a nested sandboxed srcdoc frame (the program on a window thread). Then what a loop in
 * that nested frame does to the relay and to the host page, and whether the host can end it.
 */

/** Each policy, and what the measurement found starts under it: [blob Worker, WebAssembly]. */
const POLICIES = {
  'suip host (viewCsp)': { csp: viewCsp({}), expected: ['ran', 'refused'] },
  'MCP Apps spec, nothing declared': { csp: specCsp({}), expected: ['refused', 'refused'] },
  'MCP Apps spec, blob: declared': { csp: specCsp({ resourceDomains: ['blob:'] }), expected: ['ran', 'refused'] },
  'MCP Inspector 2.12, blob: declared': {
    csp: inspectorCsp({ resourceDomains: ['blob:'] }),
    expected: ['refused', 'refused'],
  },
};

/** The host page: a relay frame under `csp` reporting to the host what ran; `nested` is the nested frame's script. */
function hostPage(csp: string, nested: string): string {
  const escape = (html: string) => JSON.stringify(html).replace(/<\//g, '<\\/');
  const relay = `<meta http-equiv="Content-Security-Policy" content="${csp.replace(/"/g, '&quot;')}"><body><script>
let ticks = 0; setInterval(() => { ticks += 1; parent.postMessage({ ticks }, '*'); }, 50);
const report = (what) => parent.postMessage(what, '*');
const worker = new Worker(URL.createObjectURL(new Blob(['postMessage(1)'], { type: 'text/javascript' })));
worker.onmessage = () => report({ worker: 'ran' }); worker.onerror = () => report({ worker: 'refused' });
WebAssembly.instantiate(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0])).then(() => report({ wasm: 'ran' }), () => report({ wasm: 'refused' }));
const frame = document.createElement('iframe'); frame.setAttribute('sandbox', 'allow-scripts'); frame.srcdoc = ${escape(`<script>${nested}</script>`)};
document.body.appendChild(frame);
</script>`;
  return `<!doctype html><body><button id="host">host</button><script>
window.seen = { hostTicks: 0, relayTicks: 0 }; setInterval(() => (seen.hostTicks += 1), 50);
window.addEventListener('message', (event) => { const d = event.data; if (d && typeof d.ticks === 'number') seen.relayTicks = d.ticks; else if (d && typeof d === 'object') Object.assign(seen, d); });
const relay = document.createElement('iframe'); relay.setAttribute('sandbox', 'allow-scripts'); relay.srcdoc = ${escape(relay)}; document.body.appendChild(relay);
window.removeRelay = () => relay.remove();
</script>`;
}

type Seen = {
  hostTicks: number;
  relayTicks: number;
  worker?: string;
  wasm?: string;
  nested?: string;
  loopingAt?: number;
};
const seen = (page: Page) => page.evaluate(() => (window as unknown as { seen: Seen }).seen);

async function open(page: Page, csp: string, nested: string): Promise<void> {
  await page.route('http://csp-host.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: hostPage(csp, nested) }),
  );
  // Not "load": a frame that never stops looping never finishes loading.
  await page.goto('http://csp-host.test/', { waitUntil: 'domcontentloaded' });
}

for (const [name, { csp, expected }] of Object.entries(POLICIES)) {
  test(`under ${name}: which engines can start`, async ({ page }) => {
    await open(page, csp, "top.postMessage({ nested: 'ran' }, '*');");
    // A refused Worker does not throw: its `error` event fires (the relay's "failed to load"). A
    // srcdoc frame is not fetched, so no frame-src refuses it; it inherits the policy.
    await expect
      .poll(
        async () => {
          const s = await seen(page);
          return [s.worker, s.wasm, s.nested];
        },
        { timeout: 15_000 },
      )
      .toEqual([...expected, 'ran']);
  });
}

test('a loop in the nested frame stops the relay (one thread) but not the host page (another process), and removing the relay frame ends it', async ({
  page,
  browser,
}) => {
  // The message leaves before the loop starts (a message posted in the looping task itself never left).
  await open(
    page,
    POLICIES['MCP Inspector 2.12, blob: declared'].csp,
    "top.postMessage({ loopingAt: Date.now() }, '*'); setTimeout(() => { for (;;) {} }, 50);",
  );
  await expect.poll(async () => (await seen(page)).loopingAt, { timeout: 15_000 }).toBeDefined();
  // The relay's ticks stop for good: two reads half a second apart agree.
  let stalled = -1;
  await expect
    .poll(
      async () => {
        const first = (await seen(page)).relayTicks;
        await page.waitForTimeout(500);
        stalled = (await seen(page)).relayTicks;
        return stalled === first;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const hostTicks = (await seen(page)).hostTicks;
  // Meanwhile the host keeps its timers and its input.
  await expect.poll(async () => (await seen(page)).hostTicks, { timeout: 15_000 }).toBeGreaterThan(hostTicks + 10);
  await page.locator('#host').click();
  expect((await seen(page)).relayTicks).toBe(stalled);
  const cdp = await browser.newBrowserCDPSession();
  const renderers = async () =>
    ((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: Array<{ type: string }> }).processInfo.filter(
      (p) => p.type === 'renderer',
    ).length;
  const before = await renderers();
  await page.evaluate(() => (window as unknown as { removeRelay(): void }).removeRelay());
  // The host ends the program by removing the frame: the looping process goes.
  await expect.poll(renderers, { timeout: 15_000 }).toBe(before - 1);
});
