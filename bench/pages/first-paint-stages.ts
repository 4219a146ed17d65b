import { createRenderer } from '../../renderer/index.ts';
import type { RendererOptions } from '../../renderer/index.ts';
import { afterPaint } from './kit/after-paint.ts';
import { holds } from './kit/holds-text.ts';

/**
 * Where a sandboxed program's first paint goes, stage by stage, read from the host's clock: the
 * iframe joining the page, its `load` (the relay script ran), the Worker's time origin and the
 * program's first line (the program reports both, in absolute time, on an output), and each
 * protocol message as the host's traffic tap sees it. `bench/browser/first-paint-stages.mjs` runs
 * it and prints the medians.
 */

/** The program: reports the Worker's clock at its first line, then renders the flight card. */
const PROGRAM = `suip.output('t', { origin: performance.timeOrigin, now: performance.now() });
const { group, render } = suip;
render(group('card', [['title', 'Flight status'], ['body', 'On time, gate B12'], ['run', 'run at ' + Math.round(performance.timeOrigin)], ['go', group('button', [['label', 'Track']], { on: { click: () => {} } })]]));`;

/** Milliseconds since `attach` was called at which each stage was seen (absent: not seen). */
type Stages = Record<string, number>;

/** The text of the program's run line under `root` (it names the Worker's time origin). */
function runLine(root: Node): string | undefined {
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').startsWith('run at ')) return node.textContent!;
    if (node instanceof Element && node.shadowRoot) stack.push(node.shadowRoot);
    for (const child of node.childNodes) stack.push(child);
  }
  return undefined;
}

/**
 * One attach in a fresh renderer (its second with `second`); `options` are the renderer's (e.g. a warm sandbox). With
 * `wake`, the stages are those of a wake instead: the program is attached, shown, hibernated,
 * and after `settleMs` woken (`renderer.wake`); painted is the frame showing the re-run's line.
 */
async function run(
  options: Partial<RendererOptions> = {},
  settleMs = 0,
  wake = false,
  traced = false,
  second = false,
): Promise<Stages> {
  const stage = document.getElementById('stage')!;
  stage.replaceChildren();
  const box = document.createElement('div');
  stage.append(box);
  const renderer = createRenderer(box, { hostContext: { theme: 'light', locale: 'en' }, ...options });
  // `second`: the measured attach is the renderer's second, a first program still running beside
  // it (an earlier answer in a chat); what the warm sandbox's default ('auto') is for.
  if (second) {
    await renderer.attach({
      id: 'earlier',
      code: PROGRAM.replace("'t'", "'u'").replace('On time, gate B12', 'An earlier answer'),
      outputs: ['u'],
    });
    while (!holds(box, 'An earlier answer')) await afterPaint();
  }
  // A warm sandbox (when the options ask for one) is given time to boot, as between two answers.
  if (settleMs > 0) await new Promise((resolve) => setTimeout(resolve, settleMs));
  let before: string | undefined;
  let collecting = false;
  const reported: Array<{ origin: number; now: number }> = [];
  if (wake) {
    const handle = await renderer.attach({ id: 'p', code: PROGRAM, outputs: ['t'] });
    // The handle outlives the hibernation; only the woken run's report is a stage of the wake.
    handle.onOutput((_channel, value) => {
      if (collecting) reported.push(value as { origin: number; now: number });
    });
    while ((before = runLine(box)) === undefined) await afterPaint();
    if (!(await renderer.hibernate('p'))) throw new Error('the program did not hibernate');
    await new Promise((resolve) => setTimeout(resolve, settleMs));
  }
  const stages: Stages = {};
  let t0 = 0;
  const mark = (name: string, at = performance.now()) => {
    if (!(name in stages)) stages[name] = at - t0;
  };
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const node of record.addedNodes) {
        if (!(node instanceof HTMLIFrameElement)) continue;
        mark('iframe in the page');
        node.addEventListener('load', () => mark('iframe load (relay ran)'), { once: true });
      }
    }
  });
  observer.observe(box, { childList: true, subtree: true });
  let ins = 0;
  let outs = 0;
  renderer.onTraffic((record) => {
    if (record.direction === 'in') {
      ins += 1;
      if (ins === 1) mark('initialize request at host', record.time);
      if (ins === 2) mark('initialized at host', record.time);
      if (record.text.includes('"suip/ops"') || record.text.includes('transaction'))
        mark('first transaction at host', record.time);
    } else {
      outs += 1;
      if (outs === 1) mark('initialize result sent', record.time);
      if (outs === 2) mark('first answer sent (applied)', record.time);
    }
  });
  const onOutput = (_channel: string, value: unknown) => reported.push(value as { origin: number; now: number });
  collecting = true;
  t0 = performance.now();
  // A trace (trace-cold-start.mjs) finds the attach by this mark.
  if (traced) performance.mark('suip-attach');
  if (wake) {
    await renderer.wake('p');
    mark('wake resolved');
  } else {
    const handle = await renderer.attach({ id: 'p', code: PROGRAM, outputs: ['t'] }).catch(() => undefined);
    handle?.onOutput(onOutput);
    mark('attach resolved');
  }
  for (;;) {
    const painted = await afterPaint();
    const line = runLine(box);
    if (wake ? line !== undefined && line !== before : holds(box, 'On time, gate B12')) {
      mark('painted', painted);
      break;
    }
    if (painted - t0 > 20_000) throw new Error('the program never painted');
  }
  // The output travels behind the first transaction: wait for it briefly.
  for (let i = 0; i < 50 && reported.length === 0; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  const first = reported[0];
  if (first !== undefined) {
    mark('Worker time origin', first.origin - performance.timeOrigin);
    mark('program first line', first.origin + first.now - performance.timeOrigin);
  }
  observer.disconnect();
  await renderer.destroy();
  return stages;
}

Object.assign(window, { firstPaintStages: { run } });
