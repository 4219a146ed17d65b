#!/usr/bin/env node
/**
 * Does the sandbox frames' holder placement slow the relay's watchdog or the data path? Through the
 * real renderer (`e2e/fixtures/sandbox/host.html`), per placement of `[data-suip-frames]`: how many
 * of a Worker's 50 renders (one per 20 ms) reached the host within 1.5 s, and how long an endless
 * loop ran before the relay ended it for a missed heartbeat (defaults: 200 ms pings, 1 s timeout).
 *
 *   node bench/browser/frame-watchdog.mjs [--rounds=2]
 */
import os from 'node:os';
import { benchArgs } from './bench-args.mjs';
import { openBrowserSession } from './browser-session.mjs';
const session = await openBrowserSession();
const PLACEMENTS = {
  shipped: '',
  'display-none': 'display:none',
  offscreen: 'left:-10000px;top:-10000px',
  zero: 'width:0;height:0',
  cv: 'content-visibility:hidden',
};
const args = benchArgs();
const rounds = Number(args.rounds ?? 2);
for (let round = 0; round < rounds; round++)
  for (const [name, css] of Object.entries(PLACEMENTS)) {
    const r = await session.withPage('/e2e/fixtures/sandbox/host.html', async (page) => {
      await page.waitForFunction(() => 'sandboxTest' in window);
      await page.evaluate(() => window.sandboxTest.mount({}));
      // A harmless program first, so the frame exists; then restyle its holder.
      await page.evaluate(() =>
        window.sandboxTest.attach('probe', `await suip.render(suip.group(null, [['t', suip.text('hello')]]));`),
      );
      await page.evaluate((css) => {
        for (const h of document.querySelectorAll('[data-suip-frames]')) h.style.cssText += ';' + css;
      }, css);
      await page.waitForTimeout(1500); // let the browser notice the frame's visibility
      // Cadence: a Worker timer posts a render every 20 ms for 1 s; count arrivals in the host.
      const cadence = await page.evaluate(async () => {
        const t = window.sandboxTest.traffic;
        const before = t.length;
        await window.sandboxTest.attach(
          'tick',
          `let i = 0; await suip.render(suip.group(null, [['n', suip.text('0')]])); const id = setInterval(() => { i++; void suip.render(suip.group(null, [['n', suip.text(String(i))]])); if (i >= 50) clearInterval(id); }, 20);`,
        );
        await new Promise((r) => setTimeout(r, 1500));
        return t.slice(before).filter((x) => x.generatorId === 'tick' && x.direction === 'in').length;
      });
      // Watchdog: an endless loop; time until the relay reports "heartbeat".
      const t0 = await page.evaluate(() => performance.now());
      await page.evaluate(() =>
        window.sandboxTest.attach(
          'loop',
          `await suip.render(suip.group(null, [['t', suip.text('looping')]])); setTimeout(() => { for (;;) {} }, 0);`,
        ),
      );
      const handle = await page.waitForFunction(
        () =>
          window.sandboxTest.events.find(
            (e) => e.type === 'suip-status' && e.detail.generatorId === 'loop' && e.detail.status === 'terminated',
          ),
        undefined,
        { timeout: 60_000 },
      );
      const ev = await handle.jsonValue();
      return {
        cadence,
        heartbeatMs: Math.round(ev.time - t0),
        reason: ev.detail.reason,
        load: os.loadavg()[0].toFixed(1),
      };
    });
    console.log(round, name, JSON.stringify(r));
  }
await session.close();
