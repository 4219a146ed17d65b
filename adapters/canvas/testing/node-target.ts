import { headlessTarget } from '../../a2ui/testing/headless-target.ts';

/**
 * Test-only: the headless renderer (`headlessTarget`) as a canvas host's renderer in Node. A custom
 * widget's sandbox cannot start there: `attach` rejects, so its instance reports `not-started`.
 */
export function nodeCanvasTarget() {
  const inner = headlessTarget();
  return {
    ...inner,
    attachRemote: inner.attachRemote as never,
    attach: () => Promise.reject(new Error('no sandbox in Node')),
    detach: () => Promise.resolve(),
  };
}
