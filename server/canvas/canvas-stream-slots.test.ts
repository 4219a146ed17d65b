import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createCanvasStreamSlots } from './canvas-stream-slots.ts';

/** A response as the slots see it: something that emits `close` once. */
const response = () => new EventEmitter() as unknown as ServerResponse;

describe('canvas stream slots', () => {
  it('refuses one more stream on a canvas with 429 and names the limit; a close frees the place', () => {
    const slots = createCanvasStreamSlots({ perSession: 2, total: 10 });
    const [a, b] = [response(), response()];
    expect(slots.take(a, 's')).toBeUndefined();
    expect(slots.take(b, 's')).toBeUndefined();
    expect(slots.take(response(), 's')).toEqual({
      status: 429,
      body: {
        error: 'this canvas has 2 SSE streams open already (limit 2); close one first',
        code: 'TOO_MANY_STREAMS',
      },
    });
    // Another canvas is counted on its own.
    expect(slots.take(response(), 't')).toBeUndefined();
    a.emit('close');
    expect(slots.take(response(), 's')).toBeUndefined();
  });

  it('refuses one more stream in the process with 503 and points at the live channel', () => {
    const slots = createCanvasStreamSlots({ perSession: 5, total: 3 });
    const open = ['a', 'b', 'c'].map((session) => {
      const holder = response();
      expect(slots.take(holder, session)).toBeUndefined();
      return holder;
    });
    expect(slots.take(response(), 'd')).toEqual({
      status: 503,
      body: {
        error: 'the server holds 3 SSE streams (limit 3); retry later or use the WebSocket live channel',
        code: 'TOO_MANY_STREAMS',
      },
    });
    open[1]!.emit('close');
    // A second close of the same response gives nothing back twice.
    open[1]!.emit('close');
    expect(slots.take(response(), 'd')).toBeUndefined();
    expect(slots.take(response(), 'e')).toMatchObject({ status: 503 });
  });
});
