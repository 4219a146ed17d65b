import { describe, expect, it } from 'vitest';
import { createSliceForwarder } from './slice-forwarder.ts';

/** A forwarder whose slices start only when the test runs the scheduled turn. */
function harness(budget = { messages: 3, bytes: 10 }) {
  const sent: string[] = [];
  const turns: (() => void)[] = [];
  const forwarder = createSliceForwarder<string>(
    (m) => sent.push(m),
    budget,
    (task) => turns.push(task),
  );
  const turn = () => turns.splice(0).forEach((task) => task());
  return { sent, forwarder, turn, turns };
}

describe('the relay forwards in budgeted slices', () => {
  it('forwards up to the slice count at once, the rest in order on later turns', () => {
    const { sent, forwarder, turn } = harness();
    for (const m of ['a', 'b', 'c', 'd', 'e', 'f', 'g']) forwarder.push(m, 1);
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(forwarder.pending).toBe(4);
    turn();
    expect(sent).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    turn();
    expect(sent).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(forwarder.pending).toBe(0);
  });

  it('holds a slice to its bytes, but one message larger than a slice still passes alone', () => {
    const { sent, forwarder, turn } = harness();
    forwarder.push('big', 25);
    forwarder.push('small', 2);
    expect(sent).toEqual(['big']);
    turn();
    forwarder.push('x', 6);
    forwarder.push('y', 6);
    expect(sent).toEqual(['big', 'small', 'x']);
    turn();
    expect(sent).toEqual(['big', 'small', 'x', 'y']);
  });

  it('keeps order: a message after a queue waits behind it even when the slice has room', () => {
    const { sent, forwarder, turn } = harness({ messages: 2, bytes: 100 });
    forwarder.push('1', 1);
    forwarder.push('2', 1);
    forwarder.push('3', 1);
    turn();
    forwarder.push('4', 1);
    expect(sent).toEqual(['1', '2', '3', '4']);
  });

  it('a flood after an idle spell meets a fresh slice, then a spent one', () => {
    const { sent, forwarder, turn, turns } = harness();
    forwarder.push('a', 1);
    turn();
    turn();
    // Idle: no turn stays scheduled.
    expect(turns).toHaveLength(0);
    for (const m of ['b', 'c', 'd', 'e']) forwarder.push(m, 1);
    expect(sent).toEqual(['a', 'b', 'c', 'd']);
  });

  it('drops what waits and forwards nothing once stopped (the run ended)', () => {
    const { sent, forwarder, turn } = harness();
    for (const m of ['a', 'b', 'c', 'd', 'e']) forwarder.push(m, 1);
    forwarder.stop();
    forwarder.push('f', 1);
    turn();
    expect(sent).toEqual(['a', 'b', 'c']);
    expect(forwarder.pending).toBe(0);
  });

  it('refuses a push once the queue holds its bound, and a steady backlog stays within it', () => {
    const sent: string[] = [];
    const turns: (() => void)[] = [];
    const forwarder = createSliceForwarder<string>(
      (m) => sent.push(m),
      { messages: 2, bytes: 100 },
      (task) => turns.push(task),
      { messages: 5, bytes: 50 },
    );
    // Three a turn against two forwarded a turn: the queue grows by one a turn until it is full.
    let refused = 0;
    for (let t = 0; t < 20; t += 1) {
      for (let i = 0; i < 3; i += 1) if (!forwarder.push(`m${t}-${i}`, 1)) refused += 1;
      expect(forwarder.pending).toBeLessThanOrEqual(5);
      turns.splice(0).forEach((task) => task());
    }
    expect(refused).toBeGreaterThan(0);
    expect(sent.length + forwarder.pending + refused).toBe(60);
    // Bytes bound the queue too.
    const big = createSliceForwarder<string>(
      () => undefined,
      { messages: 1, bytes: 10 },
      () => undefined,
      {
        messages: 100,
        bytes: 50,
      },
    );
    expect(big.push('first', 10)).toBe(true);
    expect(big.push('queued', 40)).toBe(true);
    expect(big.push('over', 20)).toBe(false);
  });
});
