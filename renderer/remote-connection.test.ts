import { describe, expect, it } from 'vitest';
import { createMemoryChannelPair } from '../shared/channel.ts';
import { DEFAULT_LIMITS } from '../shared/limits.ts';
import type { ConnectionEvents } from './connection.ts';
import { createRemoteConnection } from './remote-connection.ts';

/** Connection events that record how the generator ended. */
const events = (ended: string[] = []): ConnectionEvents => ({
  onEnded: (reason) => void ended.push(reason),
  onException: () => undefined,
});

/** Sends `count` messages back to back from the generator end; returns how many reached the host before the next task. */
async function burst(inPage: boolean, count: number): Promise<{ beforeNextTask: number; all: unknown[] }> {
  const [generatorEnd, rendererEnd] = createMemoryChannelPair();
  const ended: string[] = [];
  const connection = createRemoteConnection(rendererEnd, DEFAULT_LIMITS, events(ended), inPage);
  const channel = await connection.channel;
  const all: unknown[] = [];
  channel.onMessage((text) => all.push(text));
  for (let i = 0; i < count; i += 1) generatorEnd.send(JSON.stringify({ i }));
  // Memory channels deliver a microtask later: let every microtask run, but no task.
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
  const beforeNextTask = all.length;
  await new Promise((resolve) => setTimeout(resolve, 50));
  connection.destroy();
  expect(ended).toEqual([]);
  return { beforeNextTask, all };
}

describe('createRemoteConnection', () => {
  it('a remote generator reaches the host in timer slices: a burst is never handled back to back', async () => {
    const { beforeNextTask, all } = await burst(false, 5);
    expect(beforeNextTask).toBe(1);
    expect(all).toEqual([0, 1, 2, 3, 4].map((i) => JSON.stringify({ i })));
  });

  it("an in-page generator (the host's own translator) is handled in its arrival task, in order", async () => {
    const { beforeNextTask, all } = await burst(true, 5);
    expect(beforeNextTask).toBe(5);
    expect(all).toEqual([0, 1, 2, 3, 4].map((i) => JSON.stringify({ i })));
  });

  it('an in-page message never overtakes one queued before the host listened', async () => {
    const [generatorEnd, rendererEnd] = createMemoryChannelPair();
    const connection = createRemoteConnection(rendererEnd, DEFAULT_LIMITS, events(), true);
    generatorEnd.send('"early"');
    await Promise.resolve();
    await Promise.resolve();
    const channel = await connection.channel;
    const all: unknown[] = [];
    channel.onMessage((text) => all.push(text));
    generatorEnd.send('"late"');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(all).toEqual(['"early"', '"late"']);
    connection.destroy();
  });

  it('the transport budgets still hold for an in-page generator: an oversized message ends it', async () => {
    const [generatorEnd, rendererEnd] = createMemoryChannelPair();
    const ended: string[] = [];
    const connection = createRemoteConnection(
      rendererEnd,
      { ...DEFAULT_LIMITS, maxMessageBytes: 100 },
      events(ended),
      true,
    );
    (await connection.channel).onMessage(() => undefined);
    generatorEnd.send(JSON.stringify('x'.repeat(200)));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(ended).toEqual(['bytes']);
  });
});
