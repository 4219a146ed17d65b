import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSocketBudgets } from '../http/socket-budgets.ts';
import { createMcpRequestSlots } from './mcp-request-slots.ts';

/** A request whose socket the connection budgets never admitted: counted under `unknown`. */
const request = () => ({ socket: {} }) as unknown as IncomingMessage;
const response = () => new EventEmitter() as unknown as ServerResponse;

describe('MCP request slots', () => {
  it('refuses a client past its share with 429 and everyone past the limit with 503, each logged', () => {
    const events: Array<Record<string, unknown>> = [];
    const connections = createSocketBudgets({ total: 100 });
    const perClient = createMcpRequestSlots({ limit: 10, perAddress: 1, connections, log: (e) => events.push(e) });
    const first = response();
    perClient.take(request(), first);
    expect(() => perClient.take(request(), response())).toThrow(
      'this client holds 1 MCP requests or streams open; close one (an idle GET stream)',
    );
    // The slot is given back when the response closes.
    first.emit('close');
    perClient.take(request(), response());

    const all = createMcpRequestSlots({ limit: 1, perAddress: 5, connections, log: (e) => events.push(e) });
    all.take(request(), response());
    expect(() => all.take(request(), response())).toThrow(
      'the MCP endpoint is serving 1 requests already; retry shortly',
    );
    expect(events).toEqual([
      { event: 'mcp-refused', code: 'TOO_MANY_CONNECTIONS', address: 'unknown' },
      { event: 'mcp-refused', code: 'UNAVAILABLE', address: 'unknown' },
    ]);
  });
});
