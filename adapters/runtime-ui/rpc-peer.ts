import type { Static, TSchema } from '@sinclair/typebox';
import {
  createJSONRPCErrorResponse,
  JSONRPCClient,
  JSONRPCServer,
  JSONRPCServerAndClient,
  type JSONRPCParams,
  type JSONRPCRequest,
  type JSONRPCResponse,
} from 'json-rpc-2.0';
import { compile, type Checker } from '../../shared/check.ts';
import { lineErrorResponse } from '../../shared/neighbours/runtime-ui/line-errors.ts';
import { parseLine, toLine, MAX_LINE_BYTES, type LineProblem } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import {
  NOTIFICATIONS,
  REQUESTS,
  RpcErrorCode,
  type NotificationMethod,
  type NotificationParams,
  type ParamsOf,
  type RequestMethod,
  type ResultOf,
} from '../../shared/neighbours/runtime-ui/schemas.ts';

/** Which end of seed 002 a peer plays. */
export type Role = 'ui' | 'runtime';

/** An error answer with a seed code; throw it from a handler to answer with that code. */
export class RpcError extends Error {
  override readonly name = 'RpcError';
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

/** A request handler of the peer's role. */
export type Handler<M extends RequestMethod> = (params: ParamsOf<M>, id: string) => Promise<ResultOf<M>> | ResultOf<M>;
/** The handlers a peer answers (any method missing is answered with -32601). */
export type Handlers = { [M in RequestMethod]?: Handler<M> };

/** Options of `createRpcPeer`. */
export interface RpcPeerOptions {
  role: Role;
  /** Writes one NDJSON line (it ends with `\n`). */
  send(line: string): void;
  handlers?: Handlers;
  /** A valid notification of the other role. */
  onNotification?<M extends NotificationMethod>(method: M, params: NotificationParams<M>): void;
  /** A line or message that was refused: reported, never fatal. */
  onProblem?(problem: LineProblem | { kind: 'bad-message'; message: string; preview: string }): void;
  /** Prefix of the string ids this peer mints (`ui-1`, `rt-1`, …). */
  idPrefix?: string;
  maxLineBytes?: number;
}

/** A seed-002 peer: requests, responses and notifications over NDJSON lines, for either role. */
export interface RpcPeer {
  /**
   * Feed one line received from the other side; `quiet` (a replay) does not report responses to
   * requests of another page, and answers nothing. A line that is not a message is answered with
   * -32700 / -32600 (see `lineErrorResponse`) and reported; the peer goes on with the next line.
   */
  receiveLine(text: string, quiet?: boolean): void;
  /**
   * A line the framing refused before it reached `receiveLine` (too long): reported and answered like a malformed line.
   */
  refuse(problem: LineProblem): void;
  request<M extends RequestMethod>(method: M, params: ParamsOf<M>): Promise<ResultOf<M>>;
  notify<M extends NotificationMethod>(method: M, params: NotificationParams<M>): void;
  /** Ids of requests still waiting for an answer. */
  readonly pending: readonly string[];
  /** Reject every pending request (the other side went away). */
  close(reason: string): void;
}

const checkers = new Map<TSchema, Checker<TSchema>>();
const checker = (schema: TSchema) => {
  let c = checkers.get(schema);
  if (c === undefined) checkers.set(schema, (c = compile(schema)));
  return c;
};
const own = <T extends object>(table: T, key: string): key is Extract<keyof T, string> =>
  Object.prototype.hasOwnProperty.call(table, key);

/**
 * The JSON-RPC server half: `json-rpc-2.0`'s `JSONRPCServer` holding one method per request the
 * OTHER role sends and this peer has a handler for; each checks its params against the seed's
 * schema first (-32602 names the field). Anything else is -32601, as the seed says; a handler's
 * `RpcError` keeps its code and data, any other throw is -32603.
 */
function seedServer(options: RpcPeerOptions): JSONRPCServer {
  const server = new JSONRPCServer({ errorListener: () => undefined });
  server.handleMethodNotFound = (request) =>
    Promise.resolve(
      createJSONRPCErrorResponse(
        request.id ?? null,
        RpcErrorCode.MethodNotFound,
        `method not found: ${request.method.slice(0, 128)}`,
      ),
    );
  server.mapErrorToJSONRPCErrorResponse = (id, error) =>
    createJSONRPCErrorResponse(
      id,
      error instanceof RpcError ? error.code : RpcErrorCode.InternalError,
      error instanceof Error ? error.message : String(error),
      error instanceof RpcError ? error.data : undefined,
    );
  for (const [method, handler] of Object.entries(options.handlers ?? {})) {
    if (!own(REQUESTS, method) || REQUESTS[method].from === options.role || typeof handler !== 'function') continue;
    const params = checker(REQUESTS[method].params);
    const call = handler as (p: unknown, id: string) => unknown;
    server.addMethodAdvanced(method, async (request) => {
      const bad = params.firstError(request.params ?? {});
      if (bad !== undefined) throw new RpcError(RpcErrorCode.InvalidParams, `invalid params for ${method}: ${bad}`);
      const result: unknown = await call(request.params ?? {}, String(request.id));
      return { jsonrpc: '2.0', id: request.id ?? null, result };
    });
  }
  return server;
}

/**
 * Create a peer: `json-rpc-2.0`'s `JSONRPCServerAndClient` over NDJSON lines, with the seed's
 * rules around it (the server half: `seedServer`). This peer mints string ids (`RpcId = string`);
 * numeric ids of a lenient peer are accepted and echoed back as they came. A result is checked
 * against the seed's schema before the request resolves.
 */
export function createRpcPeer(options: RpcPeerOptions): RpcPeer {
  const prefix = options.idPrefix ?? (options.role === 'ui' ? 'ui-' : 'rt-');
  /** Ids of this peer's requests still waiting, with the schema and method of each. */
  const waiting = new Map<string, { schema: TSchema; method: string }>();
  let counter = 0;
  let closedWith: string | undefined;
  const write = (message: unknown) => options.send(toLine(message));
  const rpc = new JSONRPCServerAndClient(seedServer(options), new JSONRPCClient((payload) => write(payload)), {
    errorListener: () => undefined,
  });
  const problem = (message: string, preview: string) =>
    options.onProblem?.({ kind: 'bad-message', message, preview: preview.slice(0, 80) });

  const refuse = (problem: LineProblem, quiet = false) => {
    options.onProblem?.(problem);
    const reply = quiet ? undefined : lineErrorResponse(problem);
    if (reply !== undefined) write(reply);
  };

  return {
    refuse,
    receiveLine(text, quiet = false) {
      const parsed = parseLine(text, options.maxLineBytes ?? MAX_LINE_BYTES);
      if (!parsed.ok) return refuse(parsed.problem, quiet);
      const message = parsed.message;
      if (message.method !== undefined && message.id !== undefined && message.id !== null) {
        // A result that cannot be written (not JSON, a failed send) is answered -32603 rather than
        // left as an unhandled rejection with the peer waiting for ever; a failed error write is
        // told to onProblem.
        void Promise.resolve(rpc.server.receive(message as JSONRPCRequest))
          .then((response) => response && write(response))
          .catch((error: unknown) => {
            const why = error instanceof Error ? error.message : String(error);
            try {
              write(
                createJSONRPCErrorResponse(
                  message.id as string,
                  RpcErrorCode.InternalError,
                  `the answer could not be sent: ${why}`,
                ),
              );
            } catch {
              problem(`the answer to ${String(message.method).slice(0, 128)} could not be sent: ${why}`, text);
            }
          });
        return;
      }
      if (message.method !== undefined) {
        const spec = own(NOTIFICATIONS, message.method) ? NOTIFICATIONS[message.method] : undefined;
        if (spec === undefined || spec.from === options.role)
          return problem(`unknown notification ${message.method.slice(0, 128)}; ignored`, text);
        const bad = checker(spec.params).firstError(message.params);
        if (bad !== undefined) return problem(`invalid ${message.method}: ${bad}`, text);
        options.onNotification?.(message.method as NotificationMethod, message.params as never);
        return;
      }
      const key = message.id === undefined || message.id === null ? undefined : String(message.id);
      if (key === undefined || !waiting.has(key))
        return quiet ? undefined : problem('a response to no pending request; ignored', text);
      rpc.client.receive({ ...message, id: key } as JSONRPCResponse);
    },
    async request(method, params) {
      counter += 1;
      const id = `${prefix}${counter}`;
      const schema = REQUESTS[method].result;
      waiting.set(id, { schema, method });
      let response: JSONRPCResponse;
      try {
        response = await rpc.requestAdvanced({ jsonrpc: '2.0', id, method, params: params as JSONRPCParams });
      } finally {
        waiting.delete(id);
      }
      if (response.error !== undefined && response.error !== null) {
        if (closedWith !== undefined && response.error.code === 0)
          throw new RpcError(RpcErrorCode.InternalError, response.error.message);
        throw new RpcError(response.error.code, response.error.message, response.error.data);
      }
      const bad = checker(schema).firstError(response.result);
      if (bad !== undefined) throw new RpcError(RpcErrorCode.InvalidParams, `invalid result of ${method}: ${bad}`);
      return response.result as Static<(typeof REQUESTS)[typeof method]['result']>;
    },
    notify(method, params) {
      // Written directly: the library's notify swallows a failed send, and the caller must hear it.
      write({ jsonrpc: '2.0', method, params });
    },
    get pending() {
      return [...waiting.keys()];
    },
    close(reason) {
      closedWith = reason;
      rpc.rejectAllPendingRequests(reason);
    },
  };
}
