import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError } from '../http/http-error.ts';
import { createSocketBudgets, type SocketBudgets } from '../http/socket-budgets.ts';

/** The request slots of the MCP endpoint. */
export interface McpRequestSlots {
  /**
   * A slot for this request until its response closes, counted under its connection's address;
   * throws the 429 (this client holds its share) or 503 (every slot taken) to answer.
   */
  take(request: IncomingMessage, response: ServerResponse): void;
}

/**
 * Requests the MCP endpoint serves at once, in all (`limit`) and per client address (`perAddress`),
 * kept by the server's one budget mechanism (`server/http/socket-budgets.ts`). A slot is taken once
 * the body is in: a trickled body holds only its connection's place (closed for room).
 */
export function createMcpRequestSlots(options: {
  limit: number;
  perAddress: number;
  /** The connection budgets, which know each socket's (forwarded) address. */
  connections: SocketBudgets;
  log(event: Record<string, unknown>): void;
}): McpRequestSlots {
  const { limit, perAddress } = options;
  const slots = createSocketBudgets({ total: limit, perAddress, unauthenticatedShare: 0 });
  return {
    take(request, response) {
      const address = options.connections.placeOf(request.socket)?.address ?? 'unknown';
      const slot = slots.take(response, address);
      if (!slot.ok) {
        const code = slot.status === 429 ? 'TOO_MANY_CONNECTIONS' : 'UNAVAILABLE';
        options.log({ event: 'mcp-refused', code, address });
        if (slot.status === 429) {
          const why = `this client holds ${perAddress} MCP requests or streams open; close one (an idle GET stream)`;
          throw new HttpError(429, 'TOO_MANY_CONNECTIONS', why);
        }
        throw new HttpError(503, 'UNAVAILABLE', `the MCP endpoint is serving ${limit} requests already; retry shortly`);
      }
      slots.releaseOnClose(response);
    },
  };
}
