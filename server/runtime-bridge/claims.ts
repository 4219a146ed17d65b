import type { BridgeErrorCode } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import type { RpcEnvelope } from '../../shared/neighbours/runtime-ui/schemas.ts';

/** What the bridge does with a line a window sent. */
export type UiLineVerdict = 'relay' | { code: BridgeErrorCode; message: string };

/** Who may answer what: the bridge's rules for several windows sharing one runtime. */
export interface Claims {
  /** A new runtime process: everything the old one asked or was asked is void. */
  newGeneration(generation: number): void;
  /** The runtime asked the UI (`ui.*.request`): it is claimed by one window. */
  asked(generation: number, id: string | number, params: unknown, line: string): void;
  /** The runtime answered a window's request: that window (undefined: nobody's, broadcast). */
  replyTo(generation: number, id: string | number, result: unknown): string | undefined;
  /** How a stored `ask` frame is shown to a window (`answered`: not at all). */
  viewOf(clientId: string, payload: string): 'mine' | 'elsewhere' | 'answered';
  /** A line from a window: relayed, or refused with a code. */
  fromUi(clientId: string, generation: number, message: RpcEnvelope): UiLineVerdict;
  /** A window connected: it takes the requests nobody holds. */
  arrived(clientId: string, fromSeq: number): void;
  /** A window disconnected: after the grace its requests go to another window. */
  left(clientId: string): void;
  close(): void;
}

/** What `createClaims` needs from the bridge. */
export interface ClaimsOptions {
  graceMs: number;
  /** Connected windows, oldest first. */
  connected(): string[];
  /** Hand a pending request's line to a window that has not got it as its own. */
  hand(clientId: string, generation: number, line: string): void;
}

interface Pending {
  line: string;
  runId?: string;
  claimant?: string;
}

/** Bound on every map a runtime or a window can grow. */
const MAX_TRACKED = 1000;
const keyOf = (id: string | number) => `${typeof id}:${String(id)}`;
const bounded = <V>(map: Map<string, V>, key: string, value: V) => {
  map.set(key, value);
  if (map.size > MAX_TRACKED) map.delete(map.keys().next().value!);
};

/** The run a runtime request is about (`params.run_id`), when it names one. */
function runIdOf(params: unknown): string | undefined {
  const runId = typeof params === 'object' && params !== null ? (params as { run_id?: unknown }).run_id : undefined;
  return typeof runId === 'string' ? runId : undefined;
}

/**
 * The ownership rule (docs/neighbours/runtime-ui.md, "Several windows"). Every window sees every
 * run, but:
 * - A runtime → UI request (`ui.confirm/prompt/pick.request`) is claimed by ONE window: the window
 *   that started its run (`params.run_id`) when it is connected, else the longest-connected
 *   window, else the first window to connect. Only the claimant gets it as a question; the others
 *   get it marked `elsewhere` and never answer it; an answer from any other window is refused
 *   (`ANSWERED_ELSEWHERE`) and never reaches the runtime, so no second tab can answer another
 *   tab's secret prompt. A claimant that disconnects keeps its claim for `graceMs` (a reconnect
 *   with its client id keeps it); after that the request is handed to another window.
 * - A response of the runtime goes only to the window whose request it answers.
 * - An answer to nothing the runtime waits for is refused (`NO_PENDING_REQUEST`), except error
 *   responses (a UI's -32700/-32600 to a malformed line).
 */
export function createClaims(options: ClaimsOptions): Claims {
  let generation = 0;
  const pending = new Map<string, Pending>();
  const fromUi = new Map<string, { clientId: string; method: string }>();
  const owners = new Map<string, string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();

  const choose = (runId: string | undefined): string | undefined => {
    const connected = options.connected();
    const owner = runId === undefined ? undefined : owners.get(runId);
    return owner !== undefined && connected.includes(owner) ? owner : connected[0];
  };

  return {
    newGeneration(next) {
      generation = next;
      pending.clear();
      fromUi.clear();
      owners.clear();
    },
    asked(gen, id, params, line) {
      if (gen !== generation) return;
      const runId = runIdOf(params);
      bounded(pending, keyOf(id), {
        line,
        ...(runId !== undefined ? { runId } : {}),
        ...(choose(runId) !== undefined ? { claimant: choose(runId)! } : {}),
      });
    },
    replyTo(gen, id, result) {
      if (gen !== generation) return undefined;
      const request = fromUi.get(keyOf(id));
      if (request === undefined) return undefined;
      fromUi.delete(keyOf(id));
      const runId = (result as { run_id?: unknown } | undefined)?.run_id;
      if (request.method === 'run.start' && typeof runId === 'string') bounded(owners, runId, request.clientId);
      return request.clientId;
    },
    viewOf(clientId, payload) {
      const frame = JSON.parse(payload) as { generation: number; line: string };
      // A question of an exited process can never be answered: not shown (its runs show as ended).
      if (frame.generation !== generation) return 'answered';
      const id = (JSON.parse(frame.line) as { id: string | number }).id;
      const request = pending.get(keyOf(id));
      if (request === undefined) return 'answered';
      request.claimant ??= clientId;
      return request.claimant === clientId ? 'mine' : 'elsewhere';
    },
    fromUi(clientId, gen, message) {
      if (message.method !== undefined) {
        if (message.id != null) bounded(fromUi, keyOf(message.id), { clientId, method: message.method });
        return 'relay';
      }
      const request = message.id == null ? undefined : pending.get(keyOf(message.id));
      if (request === undefined) {
        if (message.error !== undefined) return 'relay';
        return {
          code: 'NO_PENDING_REQUEST',
          message:
            `not relayed: the runtime (generation ${gen}) is not waiting for an answer with ` +
            `id ${JSON.stringify(String(message.id)).slice(0, 80)}; it was answered already or belongs to a ` +
            `runtime that exited`,
        };
      }
      // SECURITY: only the window holding a runtime request may answer it (a secret prompt above all).
      if (request.claimant !== clientId)
        return {
          code: 'ANSWERED_ELSEWHERE',
          message: 'not relayed: this runtime request belongs to another window; only that window can answer it',
        };
      pending.delete(keyOf(message.id!));
      return 'relay';
    },
    arrived(clientId, _fromSeq) {
      const timer = timers.get(clientId);
      if (timer !== undefined) clearTimeout(timer);
      timers.delete(clientId);
      for (const request of pending.values()) {
        if (request.claimant === clientId) {
          // Its own request, back after a reconnect: handed again (the window drops a request it still shows).
          options.hand(clientId, generation, request.line);
          continue;
        }
        if (
          request.claimant !== undefined &&
          (options.connected().includes(request.claimant) || timers.has(request.claimant))
        )
          continue;
        request.claimant = clientId;
        options.hand(clientId, generation, request.line);
      }
    },
    left(clientId) {
      if (![...pending.values()].some((r) => r.claimant === clientId)) return;
      timers.set(
        clientId,
        setTimeout(() => {
          timers.delete(clientId);
          if (options.connected().includes(clientId)) return;
          for (const request of pending.values()) {
            if (request.claimant !== clientId) continue;
            const next = choose(request.runId);
            if (next === undefined) {
              delete request.claimant;
              continue;
            }
            request.claimant = next;
            options.hand(next, generation, request.line);
          }
        }, options.graceMs),
      );
    },
    close() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}
