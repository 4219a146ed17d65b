import { describeHits } from './helpers/canary-server.ts';
import { generatorCode } from './helpers/generator-code.ts';
import { hostFingerprint } from './helpers/host-dom.ts';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { expect, readReport, test } from './helpers/security-test.ts';

/**
 * Zero egress (issue 3, "Show"): the model's code tries every network API a Worker has, plus
 * navigation and URLs handed to the host through particles, all aimed at a canary on 127.0.0.1.
 * The canary must record nothing, the host must not change, and the program must see errors (it
 * keeps running and reports how each attempt ended).
 */
test("the model's code reaches no network: the canary records 0 requests", async ({ page, canary, popups }) => {
  const renderer = await mountRenderer(page);
  const before = await hostFingerprint(page);
  const outcome = await renderer.attach('egress', generatorCode('egress', { CANARY: canary.origin }));
  expect(outcome).toEqual({ ok: true, status: 'ready' });
  const report = await readReport(renderer, 'egress', 30_000);
  // Late requests (a keepalive fetch, a beacon, an image) would arrive within this window.
  await page.waitForTimeout(500);
  console.log(`egress probes: ${JSON.stringify(report, null, 1)}\ncanary hits: ${canary.hits.length}`);
  expect(canary.hits, describeHits(canary.hits)).toHaveLength(0);

  // Every network attempt ended in an error or never completed: none reported a response.
  const network = [
    'fetch',
    'fetchNoCorsKeepalive',
    'fetchRequest',
    'xhrAsync',
    'xhrSync',
    'webSocket',
    'eventSource',
    'importScripts',
    'dynamicImport',
    'dynamicImportData',
    'webTransport',
    'workerFromUrl',
    'sharedWorker',
    'serviceWorker',
    'cacheAdd',
    'fontFace',
  ];
  for (const name of network) {
    expect(report[name], name).toBeDefined();
    expect(report[name], name).not.toMatch(/^ok: (200|basic|cors|opaque|load|open)\b/);
  }
  expect(report.xhrAsync).toMatch(/^ok: (error|abort)$|^threw:/);
  expect(report.webSocket).toMatch(/^ok: (error|close)$|^threw:/);
  expect(report.eventSource).toMatch(/^ok: error$|^threw:/);
  expect(report.nestedBlobWorker).toMatch(/blocked|error|no answer|threw/);
  // APIs a Worker does not have at all.
  for (const name of ['sendBeacon', 'locationAssign', 'open', 'fetchLater'])
    expect(report[name], name).toMatch(/^threw: TypeError|^threw: ReferenceError/);
  expect(report.rtcPeerConnection).toMatch(/^threw: ReferenceError|^ok: no event/);
  // Assigning a WorkerLocation navigates nothing (the Worker is still here to report).
  expect(report.done).toBe(true);
  expect(await renderer.status('egress')).toBe('ready');
  expect(popups).toHaveLength(0);
  expect(await hostFingerprint(page)).toEqual(before);
});

test('positive control: with a permissive host URL policy the same particle URLs DO reach the canary', async ({
  page,
  canary,
}) => {
  // Proves the particle probes above are real: the only thing between them and the network is the host's policy.
  const renderer = await mountRenderer(page, { allowUrlsUnder: canary.origin });
  const code = `await suip.render(suip.group(null, [['img', suip.data('${canary.origin}/control.png', 'image/png')]]));`;
  expect(await renderer.attach('control', code)).toEqual({ ok: true, status: 'ready' });
  await expect.poll(() => canary.hits.map((hit) => hit.url)).toContain('/control.png');
});
