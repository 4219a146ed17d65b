import { describe, expect, it, vi } from 'vitest';
import type { TrafficRecord } from './renderer-types.ts';
import { TrafficTap } from './traffic-tap.ts';

describe('TrafficTap: the devtools tap', () => {
  it('gives each listener every message with its UTF-8 size, until it stops listening', () => {
    const tap = new TrafficTap();
    const seen: TrafficRecord[] = [];
    const stop = tap.listen((record) => seen.push(record));
    tap.record('g', 'in', '{"é":1}');
    stop();
    tap.record('g', 'out', 'after');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ generatorId: 'g', direction: 'in', text: '{"é":1}', bytes: 8 });
  });

  it('a listener that throws does not keep the others from hearing, and the error is still reported', async () => {
    const tap = new TrafficTap();
    const heard = vi.fn();
    tap.listen(() => {
      throw new Error('devtools bug');
    });
    tap.listen(heard);
    const reported = new Promise<unknown>((resolve) => process.once('uncaughtException', resolve));
    tap.record('g', 'in', 'x');
    expect(heard).toHaveBeenCalledTimes(1);
    expect(String(await reported)).toMatch(/devtools bug/);
  });
});
