import { MessageProcessor } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/lit/v0_9';
import '@a2ui/lit/v0_9';
import { createA2uiClient } from '../../adapters/a2ui/client.ts';
import { createRenderer } from '../../renderer/index.ts';
import { afterPaint } from './kit/after-paint.ts';
import { holds } from './kit/holds-text.ts';

/**
 * Time from "show this" to the first painted frame that holds `expect`, for three ways of showing
 * UI: a suip program attached in its sandbox, an A2UI message stream through suip's A2UI bridge,
 * and the same stream through Google's `@a2ui/lit` renderer. Each run uses a fresh container.
 */

async function untilPainted(root: Node, expect: string, started: number): Promise<number> {
  for (;;) {
    const painted = await afterPaint();
    if (holds(root, expect)) return painted - started;
    if (painted - started > 20_000) throw new Error(`"${expect}" never appeared`);
  }
}

function fresh(): HTMLElement {
  const stage = document.getElementById('stage')!;
  stage.replaceChildren();
  const box = document.createElement('div');
  stage.append(box);
  return box;
}

/** An A2UI stream shown in a box, ready for more messages. */
interface ShownA2ui {
  box: HTMLElement;
  receive(message: unknown): void;
  /** Work a variant does once before its first update of the text bound to `pointer`. */
  prepare?(pointer: string): void;
  destroy(): Promise<void>;
}

/** Shows `messages` in a fresh box through suip's A2UI bridge or `@a2ui/lit`. */
function showA2ui(kind: 'suip' | 'lit', messages: unknown[]): ShownA2ui {
  const box = fresh();
  if (kind === 'suip') {
    const renderer = createRenderer(box, { hostContext: { theme: 'light', locale: 'en' } });
    const client = createA2uiClient(renderer, { send: () => undefined });
    for (const message of messages) client.receive(message);
    return { box, receive: (message) => client.receive(message), destroy: () => renderer.destroy() };
  }
  const processor = new MessageProcessor([basicCatalog]);
  processor.processMessages(messages as never);
  const surfaceId = (
    messages.find((m) => (m as { createSurface?: unknown }).createSurface) as { createSurface: { surfaceId: string } }
  ).createSurface.surfaceId;
  const element = document.createElement('a2ui-surface') as HTMLElement & { surface: unknown };
  element.surface = processor.model.getSurface(surfaceId);
  box.append(element);
  return { box, receive: (message) => processor.processMessages([message] as never), destroy: async () => undefined };
}

/** The UI mounted by `mountA2ui`, kept for `updateA2ui`. */
let mounted: ShownA2ui | undefined;

/** First paint of an A2UI stream shown one way. */
async function a2uiFirstPaint(kind: 'suip' | 'lit', messages: unknown[], expect: string): Promise<number> {
  // The previous variant's surface leaves the page before the clock starts (as in a2ui-stages):
  // `@a2ui/lit`'s element stays on the page after its run, and its teardown (signal unsubscribes,
  // disconnects) landed in the next suip run's window.
  document.getElementById('stage')!.replaceChildren();
  await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const started = performance.now();
  const shown = showA2ui(kind, messages);
  const ms = await untilPainted(shown.box, expect, started);
  await shown.destroy();
  return ms;
}

/**
 * Where a first paint goes: the milliseconds (from "show this") of each frame's rAF until the
 * text is on screen, the task in which the text first entered the DOM (polled once a task), and
 * whether the first rAF already saw it. For `--trace` in bench/first-paint.ts.
 */
async function traceA2ui(
  kind: 'suip' | 'lit',
  messages: unknown[],
  expect: string,
  options: { poll?: boolean } = {},
): Promise<{ inDom: number; tasks: number; shown: number; frames: number[]; painted: number }> {
  const frames: number[] = [];
  let inDom = -1;
  const started = performance.now();
  const shown = showA2ui(kind, messages);
  const shownAt = performance.now() - started;
  const sync = holds(shown.box, expect);
  let tasks = -1;
  if (sync) inDom = 0;
  // The poll finds the task the text entered the DOM in; it spins a task per turn until then, which
  // a variant that writes the DOM in its frame callback (suip's frame batch) pays for longer, so
  // a2ui-stages measures busy time without it (`poll: false`).
  const poll = new MessageChannel();
  let polls = 0;
  poll.port1.onmessage = () => {
    if (inDom < 0 && holds(shown.box, expect)) {
      inDom = performance.now() - started;
      tasks = polls;
    }
    if (inDom < 0 && (polls += 1) < 10_000) poll.port2.postMessage(0);
  };
  if (!sync && options.poll !== false) poll.port2.postMessage(0);
  for (;;) {
    const painted = await afterPaint(() => frames.push(performance.now() - started));
    if (holds(shown.box, expect)) {
      poll.port1.close();
      await shown.destroy();
      return { inDom, tasks, shown: shownAt, frames, painted: painted - started };
    }
  }
}

const firstPaint = {
  traceA2ui,
  async suipProgram(code: string, expect: string): Promise<number> {
    const box = fresh();
    const started = performance.now();
    const renderer = createRenderer(box, { hostContext: { theme: 'light', locale: 'en' } });
    void renderer.attach({ id: 'p', code });
    const ms = await untilPainted(box, expect, started);
    await renderer.destroy();
    return ms;
  },
  suipA2ui: (messages: unknown[], expect: string) => a2uiFirstPaint('suip', messages, expect),
  a2uiLit: (messages: unknown[], expect: string) => a2uiFirstPaint('lit', messages, expect),
  /**
   * Shows an A2UI stream through suip's bridge or `@a2ui/lit` and keeps it for `updateA2ui`.
   * Resolves once the surface is wholly built: `last` (a text only the end of the surface holds,
   * e.g. a long list's last row) is painted too, then two more frames and an idle period pass —
   * suip's view builds a large surface in slices after its first paint, and an update measured
   * before that would carry the rest of the build.
   */
  async mountA2ui(kind: 'suip' | 'lit', messages: unknown[], expect: string, last?: string): Promise<void> {
    await mounted?.destroy();
    mounted = showA2ui(kind, messages);
    await untilPainted(mounted.box, expect, performance.now());
    if (last !== undefined) await untilPainted(mounted.box, last, performance.now());
    await afterPaint();
    await afterPaint();
    await new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 500 }));
  },
  /**
   * The mounted variant's one-off work before its updates of `path` (a2ui-stages calls it outside the measured
   * window).
   */
  prepareA2ui(path: string): void {
    mounted!.prepare?.(path);
  },
  /**
   * Sends `count` data-model updates to the mounted UI one after another, each waiting for the
   * frame that paints its new text; returns the median milliseconds from message to paint.
   */
  async updateA2ui(surfaceId: string, path: string, count: number): Promise<number> {
    const ui = mounted!;
    ui.prepare?.(path);
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const value = `Update ${i} value`;
      const started = performance.now();
      ui.receive({ version: 'v0.9', updateDataModel: { surfaceId, path, value } });
      times.push(await untilPainted(ui.box, value, started));
    }
    return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!;
  },
};
Object.assign(window, { firstPaint });
