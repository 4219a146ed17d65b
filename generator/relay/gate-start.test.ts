import { describe, expect, it } from 'vitest';
import { GATE_START_FACTOR, watchStart } from './gate-start.ts';

describe('watchStart', () => {
  it('a direct Worker is watched with the run startup timeout, once', () => {
    const watched: number[] = [];
    watchStart({}, 5000, (ms) => (watched.push(ms), () => undefined));
    expect(watched).toEqual([5000]);
  });

  it('behind the gate: a longer bound until the program speaks, then the run timeout afresh', () => {
    const watched: number[] = [];
    const stopped: number[] = [];
    const engine: { onstarted?: (() => void) | null } = { onstarted: null };
    const stop = watchStart(engine, 5000, (ms) => {
      const index = watched.push(ms) - 1;
      return () => stopped.push(index);
    });
    expect(watched).toEqual([GATE_START_FACTOR * 5000]);
    engine.onstarted?.();
    expect(watched).toEqual([GATE_START_FACTOR * 5000, 5000]);
    expect(stopped).toEqual([0]);
    // Only the first word counts; stop ends the watchdog in force.
    expect(engine.onstarted).toBeNull();
    stop();
    expect(stopped).toEqual([0, 1]);
  });
});
