import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID } from '../../shared/neighbours/a2ui/messages.ts';
import { createSurfaceView, FRAME_MS, type SurfaceView } from './surface-view.ts';

/** A bridge with surface `s` and a view of it whose renders are kept as JSON texts. */
function mounted(): { renders: string[]; bridge: A2uiBridge; view: SurfaceView } {
  const renders: string[] = [];
  const holder: { view?: SurfaceView } = {};
  const bridge = new A2uiBridge({ send: () => undefined, onChange: () => holder.view?.schedule() });
  const view = createSurfaceView(bridge, async (tree) => void renders.push(JSON.stringify(tree)), 's');
  holder.view = view;
  bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID } });
  return { renders, bridge, view };
}

describe('createSurfaceView: scheduled renders', () => {
  it(
    '300 updates, each in its own microtask (as a sliced read hands them ' +
      'on), become a few renders, the last state shown',
    async () => {
      const { renders, bridge } = mounted();
      const started = performance.now();
      for (let i = 0; i < 300; i += 1) {
        bridge.receive({
          version: 'v0.9',
          updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: `tick ${i}` }] },
        });
        await Promise.resolve();
      }
      const elapsed = performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 3));
      // Before: one render per microtask, 300 messages to the renderer (past 1,000 a second it ends the generator).
      expect(renders.length).toBeLessThanOrEqual(2 + Math.ceil(elapsed / FRAME_MS));
      expect(renders.length).toBeLessThan(300);
      expect(renders.at(-1)).toContain('tick 299');
    },
  );
  it('a change after a quiet frame renders within the task that made it (no timer task), and the next one is shown too', async () => {
    const { renders, bridge } = mounted();
    await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 3));
    const text = (t: string) => ({
      version: 'v0.9',
      updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: t }] },
    });
    const before = renders.length;
    bridge.receive(text('now'));
    bridge.receive(text('now, twice'));
    // Microtasks only: a render waiting for a timer (the old schedule, even at 0 ms) is not made yet.
    for (let i = 0; i < 5; i += 1) await Promise.resolve();
    expect(renders.slice(before)).toHaveLength(1);
    expect(renders.at(-1)).toContain('now, twice');
    // Within the same frame this one waits for the frame's timer (not asserted: a stalled machine may pass the frame).
    bridge.receive(text('later'));
    await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 3));
    expect(renders.at(-1)).toContain('later');
  });
  it(
    'a render still waiting for its timer is dropped once the surface is ' + 'disposed (its generator is closed)',
    async () => {
      const { renders, bridge, view } = mounted();
      await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 3));
      const before = renders.length;
      bridge.receive({
        version: 'v0.9',
        updateComponents: { surfaceId: 's', components: [{ id: 'root', component: 'Text', text: 'late' }] },
      });
      view.dispose();
      await new Promise((resolve) => setTimeout(resolve, FRAME_MS * 3));
      expect(renders).toHaveLength(before);
    },
  );
});
