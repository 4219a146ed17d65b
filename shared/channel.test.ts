import { describe, expect, test } from 'vitest';
import { createMemoryChannelPair } from './channel.ts';

describe('createMemoryChannelPair', () => {
  test('delivers asynchronously, in order, only to the other end', async () => {
    const [a, b] = createMemoryChannelPair();
    const atA: unknown[] = [];
    const atB: unknown[] = [];
    a.onMessage((text) => atA.push(text));
    b.onMessage((text) => atB.push(text));
    a.send('1');
    a.send('2');
    b.send('x');
    expect(atB).toEqual([]); // not synchronous, like a MessagePort
    await Promise.resolve();
    await Promise.resolve();
    expect(atB).toEqual(['1', '2']);
    expect(atA).toEqual(['x']);
  });

  test('unsubscribe and close stop delivery, including messages already queued', async () => {
    const [a, b] = createMemoryChannelPair();
    const seen: unknown[] = [];
    const off = b.onMessage((text) => seen.push(text));
    a.send('before');
    await Promise.resolve();
    off();
    a.send('after unsubscribe');
    b.onMessage((text) => seen.push(`again:${String(text)}`));
    a.send('queued');
    a.close();
    a.send('after close');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(seen).toEqual(['before']);
  });
});
