import { describe, expect, it } from 'vitest';
import type { EventParams, GroupParticle } from '../../shared/index.ts';
import { routeEvent, type EventSink } from './route-event.ts';

const button = (handler: string): GroupParticle => ({ group: [], type: 'button', on: { click: { handler } } });
const merged: GroupParticle = {
  group: [
    ['a', { group: [['inc', button('h1')]] }],
    [
      'b',
      {
        group: [
          ['inc', button('h1')],
          ['plain', { group: [] }],
        ],
      },
    ],
  ],
};

function sinks() {
  const sent = new Map<string, EventParams[]>([
    ['a', []],
    ['b', []],
  ]);
  const sinkOf = (id: string): EventSink | undefined =>
    sent.has(id) ? { ready: true, sendEvent: (params) => sent.get(id)!.push(params) } : undefined;
  return { sent, sinkOf };
}

describe('routeEvent', () => {
  it('sends the event to the owning generator only, with the path relative to its root', () => {
    const { sent, sinkOf } = sinks();
    expect(routeEvent(merged, { path: ['b', 'inc'], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(true);
    expect(sent.get('b')).toEqual([{ handler: 'h1', path: ['inc'], event: 'click', payload: null }]);
    expect(sent.get('a')).toEqual([]);
  });

  it('drops events whose handler is not the one the tree holds at that path', () => {
    const { sent, sinkOf } = sinks();
    expect(routeEvent(merged, { path: ['b', 'inc'], event: 'click', handler: 'h2', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(routeEvent(merged, { path: ['b', 'plain'], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(routeEvent(merged, { path: ['b', 'inc'], event: 'submit', handler: 'h1', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(routeEvent(merged, { path: ['b', 'gone'], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(routeEvent(merged, { path: ['c', 'inc'], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(routeEvent(merged, { path: [], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(false);
    expect([...sent.values()].flat()).toEqual([]);
  });

  it('drops events for a generator that is not ready', () => {
    const sent: EventParams[] = [];
    const sinkOf = (): EventSink => ({ ready: false, sendEvent: (params) => sent.push(params) });
    expect(routeEvent(merged, { path: ['a', 'inc'], event: 'click', handler: 'h1', payload: null }, sinkOf)).toBe(
      false,
    );
    expect(sent).toEqual([]);
  });
});
