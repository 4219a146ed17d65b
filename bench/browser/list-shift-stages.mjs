#!/usr/bin/env node
/**
 * What one move or removal near the top of a long list costs the host's main thread, by DOM shape, and in which
 * stage: the question behind issue 42's "no host task over 100 ms while a 50,000-particle tree streams". Each shape
 * is built once in a fresh page (no renderer, no Worker: the browser's own cost of the shape alone), then edits run
 * a frame each, measured by CDP `Performance.getMetrics` (`TaskDuration`: the tasks' wall time, which a loaded machine
 * inflates), and two more are traced for their thread time and its self time per stage (trace-events.mjs): the
 * figure to compare across a loaded run.
 *
 *   node bench/browser/list-shift-stages.mjs [--items=50000] [--shapes=vanilla,suip,suip-item-cv,chunks-cv,...]
 *     [--chunk=500] (items per chunk of the `chunks-*` shapes) [--ax] (count the list items in the AX tree)
 *
 * Shapes: `vanilla` is the token-stream's plain-DOM anchor (`<div><div><p>` blocks, limit-stream.ts); `suip` is
 * what suip's view ends with for the stream (a flex column of box-less groups and texts, each item one `<p>` with
 * layout and style containment, light-root.ts); `suip-item-cv` adds `content-visibility: auto` to every item;
 * `chunks-<style>` puts the items in chunks of `--chunk`, each a flex column (the column's gap kept between
 * chunks) with the containment `CHUNK_STYLES[<style>]` names: `chunks-cv` skips an off-screen chunk whole, and
 * `chunks-layout` is what `renderer/view/list-chunks.ts` ships. With `--ax`, the list is `role="list"`, its
 * items `listitem` and the chunks `none`, and CDP's full accessibility tree is counted once built, unscrolled: a
 * shape that hides items from a screen reader is no candidate, whatever its speed.
 */
import { launchChromium } from './browser-session.mjs';
import { benchArgs } from './bench-args.mjs';
import { readTraceStream, selfTimes } from './trace-events.mjs';

const args = benchArgs();
const items = Number(args.items ?? 50_000);
const shapes = (args.shapes ?? 'vanilla,suip,suip-item-cv,chunks-cv,chunks-layout').split(',');
const chunk = Number(args.chunk ?? 500);
/** Edits measured per shape: moves and removals alternating, each with a token appended to an item on screen. */
const EDITS = 6;
/** Each chunk shape's own style, after the flex column every chunk is. */
const CHUNK_STYLES = {
  cv: 'content-visibility:auto;contain-intrinsic-block-size:auto 16000px',
  layout: 'contain:layout style',
  paint: 'contain:layout style paint',
  'paint-margin': 'contain:layout style paint;overflow-clip-margin:16px',
  transform: 'contain:layout style;will-change:transform',
  translate: 'contain:layout style;transform:translateZ(0)',
};

/** Builds `shape` in the page and defines `window.edit(k)`, which applies edit k and resolves after its frame. */
function build({ items, shape, chunk, chunkStyle, ax }) {
  const GAP = 'gap:8px';
  const host = document.createElement('div');
  document.body.append(host);
  const root = host.attachShadow({ mode: 'open' });
  const sheet = new CSSStyleSheet();
  // The tree's own box and wrapper rules (suip-tree.ts).
  sheet.replaceSync(
    ':host{display:block;contain:layout paint}' +
      `.g{display:flex;flex-direction:column;${GAP};position:relative;contain:layout paint}`,
  );
  root.adoptedStyleSheets = [sheet];
  const wrap = document.createElement('div');
  wrap.className = 'g';
  root.append(wrap);
  const plain = shape === 'vanilla';
  const list = document.createElement(plain ? 'div' : 'suip-group');
  if (!plain) list.style.cssText = `display:flex;flex-direction:column;${GAP};min-width:0`;
  if (ax) list.setAttribute('role', 'list');
  wrap.append(list);
  const all = [];
  for (let i = 0; i < items; i++) {
    const p = document.createElement('p');
    p.textContent = `item ${i} lorem ipsum dolor sit amet w${i}`;
    let item;
    if (plain) {
      item = document.createElement('div');
      item.append(p);
    } else {
      item = document.createElement('suip-group');
      item.style.cssText = 'display:contents';
      const text = document.createElement('suip-text');
      text.style.cssText = 'display:contents;overflow-wrap:anywhere';
      p.style.cssText =
        'margin:0;min-width:0;contain:layout style' +
        (shape === 'suip-item-cv' ? ';content-visibility:auto;contain-intrinsic-block-size:auto 24px' : '');
      text.append(p);
      item.append(text);
    }
    if (ax) item.setAttribute('role', 'listitem');
    if (chunkStyle !== undefined) {
      if (i % chunk === 0) {
        const box = document.createElement('div');
        box.style.cssText = `display:flex;flex-direction:column;${GAP};${chunkStyle}`;
        if (ax) box.setAttribute('role', 'none');
        list.append(box);
      }
      list.lastChild.append(item);
    } else list.append(item);
    all.push(item);
  }
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  window.frame = frame;
  window.edit = async (k) => {
    if (k % 2) all[10 + k].remove();
    else all[30 + k].before(all[items - 100 - k]);
    all[1].querySelector('p').append(` w${k}`);
    await frame();
  };
  return frame().then(frame);
}

const browser = await launchChromium();
try {
  console.log(`one edit (move or removal near the top, plus a token on screen) in a list of ${items} items, ms`);
  for (const shape of shapes) {
    const page = await browser.newPage();
    const chunkStyle = shape.startsWith('chunks-') ? CHUNK_STYLES[shape.slice('chunks-'.length)] : undefined;
    await page.evaluate(build, { items, shape, chunk, chunkStyle, ax: args.ax !== undefined });
    const cdp = await page.context().newCDPSession(page);
    if (args.ax !== undefined) {
      const { nodes } = await cdp.send('Accessibility.getFullAXTree');
      const listed = nodes.filter((n) => !n.ignored && n.role?.value === 'listitem').length;
      console.log(`${shape.padEnd(14)} list items in the full AX tree, unscrolled: ${listed} of ${items}`);
    }
    await cdp.send('Performance.enable');
    const metrics = async () =>
      Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
    const rows = [];
    for (let k = 0; k < EDITS; k++) {
      await page.evaluate(() => window.frame());
      const a = await metrics();
      await page.evaluate((k) => window.edit(k), k);
      const b = await metrics();
      const ms = (name) => (b[name] - a[name]) * 1000;
      rows.push({ task: ms('TaskDuration'), layout: ms('LayoutDuration'), style: ms('RecalcStyleDuration') });
    }
    await cdp.send('Tracing.start', {
      transferMode: 'ReturnAsStream',
      traceConfig: { includedCategories: ['toplevel', 'devtools.timeline', 'blink'] },
    });
    for (const k of [EDITS, EDITS + 1]) await page.evaluate((k) => window.edit(k), k);
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.end');
    const { stream } = await done;
    const all = [...selfTimes((await readTraceStream(cdp, stream)).traceEvents ?? [])].filter(
      ([name, ms]) => typeof ms === 'number' && !name.startsWith('='),
    );
    const thread = all.reduce((sum, [, ms]) => sum + ms, 0) / 2;
    const stages = all
      .sort((a, b) => b[1] - a[1])
      .slice(0, 6)
      .map(([name, ms]) => `${name} ${(ms / 2).toFixed(0)}`);
    const median = (key) => rows.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(rows.length / 2)];
    console.log(
      `${shape.padEnd(14)} median wall task ${median('task').toFixed(0)} ` +
        `(layout ${median('layout').toFixed(0)}, style ${median('style').toFixed(0)}); ` +
        `each: ${rows.map((r) => r.task.toFixed(0)).join(' ')}`,
    );
    console.log(`${''.padEnd(14)} traced thread ms per edit ${thread.toFixed(0)}; self: ${stages.join(', ')}`);
    await page.close();
  }
} finally {
  await browser.close();
}
