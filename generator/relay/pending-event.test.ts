import { describe, expect, it } from 'vitest';
import { PendingEvent } from './pending-event.ts';

const event = (path: string[], name = 'click') =>
  JSON.stringify({ jsonrpc: '2.0', method: 'suip/event', params: { handler: 'h1', path, event: name, payload: null } });

describe('the event a stuck Worker is running', () => {
  it('names the last forwarded event until a ping sent after it is answered', () => {
    const pending = new PendingEvent();
    expect(pending.describe()).toBe('');
    const before = pending.mark();
    pending.forwarded(event(['go']));
    // A ping sent before the event proves nothing about it.
    pending.answered(before);
    expect(pending.describe()).toBe(' while running the on.click handler of the group at ["go"]');
    const after = pending.mark();
    pending.forwarded('{"jsonrpc":"2.0","id":1,"result":{}}');
    pending.answered(after);
    expect(pending.describe()).toBe('');
  });

  it('reads only small suip/event messages, and never throws on garbage', () => {
    const pending = new PendingEvent();
    for (const text of [
      '{"method":"suip/event"',
      `"suip/event"${'x'.repeat(5000)}`,
      '{"method":"suip/event","params":{"event":1,"path":[]}}',
    ])
      pending.forwarded(text);
    expect(pending.describe()).toBe('');
  });
});
