import { MARK_A, MARK_B, captureView, type ViewPrint } from './view-blueprint.ts';

/**
 * Run by the bench driver in a page of its own before the styled floor's runs: mounts suip's
 * renderer (loaded here only), shows a list of two text items the way the token stream's program
 * builds it (its start mark above the list), and returns the print of the view it ends with (`captureView`).
 */
export async function captureSuipView(): Promise<ViewPrint> {
  const { createRenderer } = await import('../../../renderer/index.ts');
  const container = document.createElement('div');
  document.body.append(container);
  const renderer = createRenderer(container);
  const item = (mark: string) => `group(null, [['t', text('${mark}')]])`;
  const list = `group(null, [['a', ${item(MARK_A)}], ['b', ${item(MARK_B)}]])`;
  const root = `group(null, [['meta', text('bench-start:0', 'text/plain')], ['list', ${list}]])`;
  await renderer.attach({ id: 'bench', code: `const { group, text, render } = suip; await render(${root});` });
  const deadline = performance.now() + 10_000;
  for (;;) {
    try {
      const print = captureView(container);
      await renderer.destroy();
      container.remove();
      return print;
    } catch (error) {
      if (performance.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
