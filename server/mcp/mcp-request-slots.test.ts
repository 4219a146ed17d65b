import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
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

  it('gives back the slot of a request whose client closed while its body was read (real sockets)', async () => {
    const connections = createSocketBudgets({ total: 100 });
    const slots = createMcpRequestSlots({ limit: 2, perAddress: 2, connections, log: () => undefined });
    const answers: string[] = [];
    const server = createServer((req, res) => {
      // As the endpoint does: the slot is taken once the body is in (here, after the client left).
      req.resume();
      // Taken only once the client is surely gone (its socket closed): a timer here raced the
      // client's close on a busy machine.
      const take = (): void => {
        try {
          slots.take(req, res);
          answers.push(res.destroyed ? 'taken, client gone' : 'taken');
          res.end('ok');
        } catch (error) {
          answers.push((error as Error).message);
          res.end();
        }
      };
      req.on('end', () => (req.socket.destroyed ? take() : req.socket.once('close', take)));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      for (let i = 0; i < 5; i += 1) {
        await new Promise<void>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => {
            socket.write('POST /mcp HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}');
            setTimeout(() => resolve(void socket.destroy()), 10);
          });
        });
      }
      await expect.poll(() => answers.length, { timeout: 10_000 }).toBe(5);
      // Each abandoned request held its slot for ever: the third one was refused before the fix.
      expect(answers).toEqual(Array.from({ length: 5 }, () => 'taken, client gone'));
    } finally {
      server.close();
    }
  });
});
