import { describe, expect, it } from 'vitest';
import { RenderLoop } from './render-loop.ts';

/** Lets every queued microtask run. */
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('RenderLoop', () => {
  it('draws once for any number of schedules in one task, and again for a later one', async () => {
    let draws = 0;
    const loop = new RenderLoop(() => {
      draws += 1;
      return Promise.resolve();
    });
    for (let i = 0; i < 10; i += 1) loop.schedule();
    expect(draws).toBe(0);
    await tick();
    expect(draws).toBe(1);
    loop.schedule();
    loop.schedule();
    await tick();
    expect(draws).toBe(2);
  });

  it('settle draws what is pending and waits until the draw has finished', async () => {
    const finishers: Array<() => void> = [];
    let finished = 0;
    const loop = new RenderLoop(
      () =>
        new Promise<void>((resolve) =>
          finishers.push(() => {
            finished += 1;
            resolve();
          }),
        ),
    );
    loop.schedule();
    let settled = false;
    const settling = loop.settle().then(() => (settled = true));
    expect(finishers.length).toBeGreaterThan(0);
    await tick();
    expect(settled).toBe(false);
    for (const finish of finishers) finish();
    await settling;
    expect(finished).toBe(finishers.length);
  });
});
