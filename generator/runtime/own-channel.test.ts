import { describe, expect, it } from 'vitest';
import { countUncaught, ownChannel, ownEndpoint, type OwnScope } from './own-channel.ts';

/** A Worker scope stand-in: what the runtime posts is recorded, `deliver` plays the gate's message. */
function fakeScope(): OwnScope & { posted: unknown[]; deliver(data: unknown): void } {
  const listeners = new Set<(event: MessageEvent) => void>();
  return {
    posted: [],
    postMessage(message) {
      this.posted.push(message);
    },
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    deliver: (data) => {
      for (const listener of [...listeners]) listener({ data } as MessageEvent);
    },
  };
}

describe('own channel', () => {
  it('sends data as ["d", text] and hears only its lane; close stops both ways', () => {
    const scope = fakeScope();
    const channel = ownChannel(scope);
    const heard: unknown[] = [];
    channel.onMessage((text) => heard.push(text));
    channel.send('{"a":1}');
    scope.deliver(['d', 'in']);
    scope.deliver(['c', 'not data']);
    scope.deliver('bare');
    expect(scope.posted).toEqual([['d', '{"a":1}']]);
    expect(heard).toEqual(['in']);
    channel.close();
    channel.send('late');
    scope.deliver(['d', 'late']);
    expect(scope.posted).toHaveLength(1);
    expect(heard).toEqual(['in']);
  });

  it('a lane endpoint wraps what comlink posts and unwraps only its own lane', () => {
    const scope = fakeScope();
    const endpoint = ownEndpoint(scope, 2);
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as MessageEvent).data);
    endpoint.addEventListener('message', listener);
    endpoint.postMessage({ id: 'x' });
    scope.deliver([2, { id: 'y' }]);
    scope.deliver(['c', { id: 'z' }]);
    endpoint.removeEventListener('message', listener);
    scope.deliver([2, { id: 'after' }]);
    expect(scope.posted).toEqual([[2, { id: 'x' }]]);
    expect(heard).toEqual([{ id: 'y' }]);
  });

  it('counts unhandled rejections per task on lane "e", first among listeners, only once enabled', () => {
    const target = new EventTarget();
    const posted: unknown[] = [];
    const tasks: (() => void)[] = [];
    const scope = Object.assign(target, {
      postMessage: (message: unknown) => posted.push(message),
      // Where the code before the fix took its flush's timer from.
      setTimeout: (task: () => void) => tasks.push(task),
    }) as unknown as Parameters<typeof countUncaught>[0];
    const enable = countUncaught(scope, (task) => tasks.push(task));
    // The model's own listener, added later, stops the event: the count still hears it.
    target.addEventListener('unhandledrejection', (event) => event.stopImmediatePropagation(), true);
    const reject = () => target.dispatchEvent(new Event('unhandledrejection'));
    reject();
    expect(tasks).toHaveLength(0);
    enable();
    for (let i = 0; i < 3; i += 1) reject();
    expect(tasks).toHaveLength(1);
    tasks.shift()!();
    reject();
    tasks.shift()!();
    expect(posted).toEqual([
      ['e', 3],
      ['e', 1],
    ]);
  });

  it('sends the count even when the program cancels every timer it can name', async () => {
    const target = new EventTarget();
    const posted: unknown[] = [];
    const timers: ReturnType<typeof setTimeout>[] = [];
    const scope = Object.assign(target, {
      postMessage: (message: unknown) => posted.push(message),
      setTimeout: (task: () => void, ms: number) => {
        const timer = setTimeout(task, ms);
        timers.push(timer);
        return timer;
      },
    }) as unknown as Parameters<typeof countUncaught>[0];
    countUncaught(scope)();
    // The program's listener runs after the runtime's and clears every timer (ids are small
    // integers in a Worker: a loop of clearTimeout over a range reaches the runtime's).
    target.addEventListener('unhandledrejection', () => timers.forEach((timer) => clearTimeout(timer)));
    target.dispatchEvent(new Event('unhandledrejection'));
    target.dispatchEvent(new Event('unhandledrejection'));
    await expect.poll(() => posted, { timeout: 5_000 }).toEqual([['e', 2]]);
  });
});
