import { describe, expect, it } from 'vitest';
import { createMemoryChannelPair } from '../shared/channel.ts';
import { heldUntil, MAX_HELD_MESSAGES } from './held-channel.ts';

/** Let the memory channel's microtask deliveries run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('heldUntil', () => {
  it('holds what arrives before ready, then delivers it in order, and later messages directly', async () => {
    const [generator, renderer] = createMemoryChannelPair();
    let open!: () => void;
    const held = heldUntil(renderer, new Promise<void>((resolve) => (open = resolve)), () => expect.unreachable());
    const seen: unknown[] = [];
    held.onMessage((text) => seen.push(text));
    generator.send('initialize');
    generator.send('second');
    await settle();
    expect(seen).toEqual([]);
    open();
    await settle();
    expect(seen).toEqual(['initialize', 'second']);
    generator.send('third');
    await settle();
    expect(seen).toEqual(['initialize', 'second', 'third']);
    // Sending is never held.
    const back: unknown[] = [];
    generator.onMessage((text) => back.push(text));
    held.send('result');
    await settle();
    expect(back).toEqual(['result']);
  });

  it('a failed ready drops what was held and reports it; nothing is delivered', async () => {
    const [generator, renderer] = createMemoryChannelPair();
    const failures: unknown[] = [];
    const held = heldUntil(renderer, Promise.reject(new Error('chunk 404')), (error) => failures.push(error));
    const seen: unknown[] = [];
    held.onMessage((text) => seen.push(text));
    generator.send('initialize');
    await settle();
    generator.send('more');
    await settle();
    expect(seen).toEqual([]);
    expect(String(failures[0])).toContain('chunk 404');
  });

  it('a flood while the prose loads is refused with a precise reason, nothing is delivered, later messages are ignored', async () => {
    const [generator, renderer] = createMemoryChannelPair();
    const failures: unknown[] = [];
    let open!: () => void;
    const held = heldUntil(renderer, new Promise<void>((resolve) => (open = resolve)), (error) => failures.push(error));
    const seen: unknown[] = [];
    held.onMessage((text) => seen.push(text));
    for (let i = 0; i < MAX_HELD_MESSAGES; i += 1) generator.send(`m${i}`);
    await settle();
    expect(failures).toEqual([]);
    generator.send('one too many');
    generator.send('after');
    await settle();
    expect(failures).toHaveLength(1);
    expect(String(failures[0])).toMatch(/more than 256 messages before its suip\/initialize was answered/);
    open();
    await settle();
    expect(seen).toEqual([]);
  });
});
