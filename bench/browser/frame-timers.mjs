#!/usr/bin/env node
/**
 * Does a sandboxed (out-of-process) iframe's main thread keep its timer cadence when its holder is
 * hidden? The relay's watchdog runs on that thread, so a placement that throttled it would delay
 * ending a stuck program. Each placement of the holder gets a fresh `sandbox="allow-scripts"`
 * srcdoc frame whose 20 ms `setInterval` runs for 3 s after `--wait` seconds in place; printed:
 * ticks (150 at full cadence), median and longest gap.
 *
 *   node bench/browser/frame-timers.mjs [--wait=1] [--rounds=2]
 */
import { benchArgs } from './bench-args.mjs';
import { launchChromium } from './browser-session.mjs';
const args = benchArgs();
const waitMs = Number(args.wait ?? 1) * 1000;
const rounds = Number(args.rounds ?? 2);
const browser = await launchChromium();
console.log('chromium', browser.version());
const PLACEMENTS = {
  shipped: 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;pointer-events:none;',
  'display-none': 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;display:none',
  offscreen: 'position:fixed;left:-10000px;top:-10000px;width:1px;height:1px;opacity:0',
  zero: 'position:fixed;left:0;top:0;width:0;height:0;opacity:0',
  'cv-hidden': 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;content-visibility:hidden',
  'contain-strict': 'position:fixed;left:0;top:0;width:1px;height:1px;opacity:0;contain:strict',
};
const page = await browser.newPage();
await page.setContent('<!doctype html><body style="height:3000px"></body>');
for (let round = 0; round < rounds; round++)
  for (const [name, css] of Object.entries(PLACEMENTS)) {
    const r = await page.evaluate(
      async ([css, waitMs]) => {
        const holder = document.createElement('div');
        holder.style.cssText = css;
        document.body.append(holder);
        const iframe = document.createElement('iframe');
        iframe.setAttribute('sandbox', 'allow-scripts');
        iframe.style.cssText =
          'position:absolute;width:1px;height:1px;border:0;opacity:0;pointer-events:none;overflow:hidden;';
        iframe.srcdoc = `<script>onmessage = (e) => { const port = e.ports[0]; const t0 = performance.now(); let ticks = 0, gaps = []; let last = t0; const id = setInterval(() => { const now = performance.now(); gaps.push(now - last); last = now; ticks++; if (now - t0 > 3000) { clearInterval(id); gaps.sort((a,b)=>a-b); port.postMessage({ ticks, p50: gaps[gaps.length>>1], max: gaps[gaps.length-1] }); } }, 20); }<\/script>`;
        const loaded = new Promise((r) => iframe.addEventListener('load', r, { once: true }));
        holder.append(iframe);
        await loaded;
        await new Promise((r) => setTimeout(r, waitMs));
        const ch = new MessageChannel();
        const out = new Promise((r) => (ch.port1.onmessage = (e) => r(e.data)));
        iframe.contentWindow.postMessage('go', '*', [ch.port2]);
        const result = await out;
        holder.remove();
        return result;
      },
      [css, waitMs],
    );
    console.log(round, name.padEnd(16), JSON.stringify(r));
  }
await browser.close();
