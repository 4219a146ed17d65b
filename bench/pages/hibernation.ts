import { createRenderer, type Renderer } from '../../renderer/index.ts';
import { afterPaint } from './kit/after-paint.ts';
import { textDeep } from './kit/deep-text.ts';

/**
 * The page of `bench/browser/hibernation-memory.mjs` (issue 31 item 5): a chat's answers, each a
 * live program (a card its program updates once a second, with a button that counts clicks and
 * saves the count as `suip:state`), attached one after another and kept running or hibernated.
 */
export interface HibernationBench {
  /**
   * Attach `count` answers one after another; `hibernate`: each is hibernated once on screen. Resolves with the
   * median attach time (ms).
   */
  attach(count: number, hibernate: boolean): Promise<number>;
  /**
   * Click the button of `count` hibernated answers, one at a time, `gapMs` apart (a user reading
   * between two clicks); per click, ms from the click until the woken answer's new count is painted.
   */
  wake(count: number, gapMs?: number): Promise<number[]>;
  /** Sandbox frames in the page. */
  frames(): number;
}

const PROGRAM = `
const { group, text, render } = suip;
let ticks = 0;
let clicks = 0;
const view = () => group('card', [
  ['title', text('An answer')],
  ['ticks', text('updated ' + ticks + ' times')],
  ['count', group('button', [['label', text('clicked ' + clicks)]], { on: { click: { handler: () => { clicks += 1; suip.output('suip:state', { clicks }); render(view()); } } } })],
]);
suip.onInput('suip:state', (state) => { clicks = state.clicks; render(view()); });
setInterval(() => { ticks += 1; render(view()); }, 1000);
render(view());
`;

const container = document.getElementById('renderer') as HTMLElement;
// `?warm=1`: one warm sandbox kept ready from the start (`warmSandbox: true`); `?warm=0`: none
// (`false`); neither: the default (`'auto'`).
const warm = new URLSearchParams(location.search).get('warm');
const renderer: Renderer = createRenderer(container, warm === null ? {} : { warmSandbox: warm === '1' });
const ids: string[] = [];

/** The element whose `path` is `path`, found through shadow roots. */
function elementAt(path: readonly string[]): HTMLElement | undefined {
  const key = path.join('\u0000');
  const walk = (root: ParentNode): HTMLElement | undefined => {
    for (const element of root.querySelectorAll('*')) {
      const own = (element as { path?: readonly string[] }).path;
      if (own !== undefined && own.join('\u0000') === key) return element as HTMLElement;
      if (element.shadowRoot) {
        const found = walk(element.shadowRoot);
        if (found) return found;
      }
    }
    return undefined;
  };
  return walk(container);
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

const bench: HibernationBench = {
  async attach(count, hibernate) {
    const times: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const id = `answer-${ids.length}`;
      const start = performance.now();
      await renderer.attach({ id, code: PROGRAM });
      times.push(performance.now() - start);
      ids.push(id);
      if (hibernate) {
        // On screen first, as an answer is before the user scrolls on.
        while (elementAt([id, 'root', 'count']) === undefined) await afterPaint();
        if (!(await renderer.hibernate(id))) throw new Error(`${id} did not hibernate`);
      }
    }
    return median(times);
  },
  async wake(count, gapMs = 0) {
    const latencies: number[] = [];
    for (const id of ids.slice(0, count)) {
      if (gapMs > 0) await new Promise((resolve) => setTimeout(resolve, gapMs));
      const button = elementAt([id, 'root', 'count']);
      if (button === undefined) throw new Error(`${id}: no button on screen`);
      const start = performance.now();
      // The native button inside the element's shadow root, where a user's click lands.
      (button.shadowRoot?.querySelector('button') ?? button).click();
      for (;;) {
        const painted = await afterPaint();
        if (textDeep(button).includes('clicked 1')) {
          latencies.push(painted - start);
          break;
        }
        if (painted - start > 10_000)
          throw new Error(`${id}: the click was not shown within 10 s (${textDeep(button)})`);
      }
    }
    return latencies;
  },
  frames: () => document.querySelectorAll('iframe').length,
};

(window as unknown as { bench: HibernationBench }).bench = bench;
