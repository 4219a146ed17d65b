import type { Static, TSchema } from '@sinclair/typebox';
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
  /** A line the framing refused before it reached `receiveLine` (too long): reported and answered like a malformed line. */
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
 * Create a peer. Incoming requests are answered only for methods the OTHER role sends and this
 * peer has a handler for (else -32601, as the seed says); params are checked against the seed's
 * schema first (-32602 names the field). Ids are strings (`RpcId = string`); numeric ids of a
 * lenient peer are accepted and echoed back as they came.
 */
export function createRpcPeer(options: RpcPeerOptions): RpcPeer {
  const prefix = options.idPrefix ?? (options.role === 'ui' ? 'ui-' : 'rt-');
  const waiting = new Map<
    string,
    { schema: TSchema; method: string; resolve(value: unknown): void; reject(error: unknown): void }
  >();
  let counter = 0;
  const write = (message: unknown) => options.send(toLine(message));
  const problem = (message: string, preview: string) =>
    options.onProblem?.({ kind: 'bad-message', message, preview: preview.slice(0, 80) });

  async function answer(id: string | number, method: string, params: unknown): Promise<void> {
    const spec = own(REQUESTS, method) ? REQUESTS[method] : undefined;
    const handler =
      spec !== undefined && spec.from !== options.role
        ? (options.handlers?.[method as RequestMethod] as ((p: unknown, id: string) => unknown) | undefined)
        : undefined;
    if (spec === undefined || handler === undefined) {
      return write({
        jsonrpc: '2.0',
        id,
        error: { code: RpcErrorCode.MethodNotFound, message: `method not found: ${method.slice(0, 128)}` },
      });
    }
    const bad = checker(spec.params).firstError(params ?? {});
    if (bad !== undefined)
      return write({
        jsonrpc: '2.0',
        id,
        error: { code: RpcErrorCode.InvalidParams, message: `invalid params for ${method}: ${bad}` },
      });
    try {
      const result = await handler(params ?? {}, String(id));
      write({ jsonrpc: '2.0', id, result });
    } catch (error) {
      const code = error instanceof RpcError ? error.code : RpcErrorCode.InternalError;
      const message = error instanceof Error ? error.message : String(error);
      write({
        jsonrpc: '2.0',
        id,
        error: {
          code,
          message,
          ...(error instanceof RpcError && error.data !== undefined ? { data: error.data } : {}),
        },
      });
    }
  }

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
        void answer(message.id, message.method, message.params);
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
      const entry = key === undefined ? undefined : waiting.get(key);
      if (entry === undefined || key === undefined)
        return quiet ? undefined : problem('a response to no pending request; ignored', text);
      waiting.delete(key);
      if (message.error !== undefined)
        return entry.reject(new RpcError(message.error.code, message.error.message, message.error.data));
      const bad = checker(entry.schema).firstError(message.result);
      if (bad !== undefined)
        return entry.reject(new RpcError(RpcErrorCode.InvalidParams, `invalid result of ${entry.method}: ${bad}`));
      entry.resolve(message.result);
    },
    request(method, params) {
      counter += 1;
      const id = `${prefix}${counter}`;
      return new Promise((resolve, reject) => {
        waiting.set(id, { schema: REQUESTS[method].result, method, resolve: resolve as (v: unknown) => void, reject });
        write({ jsonrpc: '2.0', id, method, params });
      }) as Promise<Static<(typeof REQUESTS)[typeof method]['result']>>;
    },
    notify(method, params) {
      write({ jsonrpc: '2.0', method, params });
    },
    get pending() {
      return [...waiting.keys()];
    },
    close(reason) {
      for (const [id, entry] of waiting) {
        waiting.delete(id);
        entry.reject(new RpcError(RpcErrorCode.InternalError, reason));
      }
    },
  };
}
