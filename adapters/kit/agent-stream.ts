import { handOnInSlices, readInSlices, type ItemHandler, type SlicedReadOptions } from '../../shared/sliced-reader.ts';
import {
  createStreamItemParser,
  readTextStart,
  type StreamBounds,
  type StreamFormat,
  type StreamItem,
} from '../../shared/stream-items.ts';
import type { FromStreamWorker, StreamRequestInit, ToStreamWorker } from '../../shared/stream-worker.ts';

/**
 * The one door through which the host page reads an untrusted agent stream (AG-UI's SSE, a GenUI
 * answer's JSONL): where the host allows it, a dedicated blob Worker fetches, decodes, frames and
 * bounds the body (`shared/stream-worker.ts`) and the page only takes bounded items, handed on in
 * slices that yield; where the host's CSP refuses the Worker (`worker-src`, or `script-src` without
 * `blob:`), or the host gave its own `fetch`, the page reads the body itself through the sliced
 * reader (`shared/sliced-reader.ts`). Either way the caller is told which mode it got, and why.
 */

/** `worker`: read off the page's thread; `sliced`: on the page's thread, in slices that yield. */
export type StreamMode = 'worker' | 'sliced';

/** Options of `openAgentStream`. */
export interface AgentStreamOptions {
  /** The host's own fetch (auth, tests): the body is then read on the page's thread, in slices. */
  fetch?: (input: string, init: RequestInit) => Promise<Response>;
  /** Aborting it cancels the request and the read (the read ends without an error). */
  signal?: AbortSignal;
  /** Told once per stream which mode it got, and why (never a silent change of mode). */
  onMode?(mode: StreamMode, message: string): void;
}

/** A stream whose answer's head arrived: read its items (`read`) or quote its error body (`text`). */
export interface AgentStream {
  readonly status: number;
  readonly ok: boolean;
  readonly contentType: string;
  readonly mode: StreamMode;
  /** The first `max` bytes of the body as text; the rest is never read. */
  text(max: number): Promise<string>;
  /**
   * Reads the body's items to the end, handing each to `onItem` in order, in slices that yield to
   * the host; `onItem` returning false stops the read. Every item is within `bounds` (a longer line
   * or event is a `problem` item, skipped before it was decoded). A promise `onItem` returns is
   * awaited before the next item (an item parsed in pieces that yield).
   */
  read(
    format: StreamFormat,
    bounds: StreamBounds,
    onItem: ItemHandler<StreamItem>,
    options?: Pick<SlicedReadOptions, 'onHolding'>,
  ): Promise<void>;
}

const WORKER_MODE = 'the stream is fetched, framed and bounded in a Worker; the page takes only bounded items';
const SLICED = "the stream is read on the page's thread, in slices that yield to it";

/** Why the page cannot start the stream Worker, once it is known for good (the page's CSP refused it). */
let refusal: string | undefined;
let cspRefusal: string | undefined;
let blobUrl: Promise<string> | undefined;
if (typeof document !== 'undefined')
  document.addEventListener('securitypolicyviolation', (event) => {
    const blob = event.blockedURI === 'blob' || event.blockedURI.startsWith('blob:');
    if (blob && /^(worker-src|script-src)/.test(event.effectiveDirective))
      cspRefusal = `the host page's Content-Security-Policy refuses the stream's blob: Worker (${event.effectiveDirective})`;
  });

/** How long a stream Worker may take to say it is ready before the page reads the stream itself. */
const WORKER_START_MS = 5000;

/** A started stream Worker (it posted `ready`), or why none could start. */
async function startWorker(): Promise<Worker | string> {
  if (refusal !== undefined) return refusal;
  if (typeof Worker !== 'function' || typeof document === 'undefined') return 'this environment has no Worker';
  blobUrl ??= import('virtual:suip-stream-worker').then(({ streamWorkerSource }) =>
    URL.createObjectURL(new Blob([streamWorkerSource], { type: 'text/javascript' })),
  );
  let worker: Worker;
  try {
    worker = new Worker(await blobUrl, { name: 'suip-stream-reader' });
  } catch (error) {
    return (refusal = `the stream Worker could not be created (${String(error)})`);
  }
  return new Promise((resolve) => {
    // A Worker that neither says `ready` nor fails (a stalled engine) must not hold the stream:
    // the page reads it instead, and says so.
    const late = setTimeout(() => {
      worker.terminate();
      resolve(`the stream Worker did not start within ${WORKER_START_MS / 1000} s`);
    }, WORKER_START_MS);
    worker.onmessage = () => {
      clearTimeout(late);
      resolve(worker);
    };
    // Before `ready` the Worker ran none of its code, so it sent no request: the page may send it.
    worker.onerror = (event) => {
      clearTimeout(late);
      event.preventDefault();
      worker.terminate();
      // Chromium reports a CSP refusal before the Worker's error event, which carries no message.
      if (cspRefusal !== undefined) refusal = cspRefusal;
      resolve(cspRefusal ?? 'the stream Worker failed to start');
    };
  });
}

/** `init` as a Worker can be given it, or why it cannot (then the page reads the stream). */
function workerInit(init: RequestInit): StreamRequestInit | string {
  if (init.body !== undefined && init.body !== null && typeof init.body !== 'string')
    return 'the request body is not a string';
  // What a Worker's fetch would not carry as the page's does is never dropped quietly: such a
  // request stays on the page.
  const kept = ['mode', 'integrity', 'keepalive', 'referrer', 'priority'].filter(
    (key) => (init as Record<string, unknown>)[key] !== undefined,
  );
  if (kept.length > 0) return `the request sets ${kept.join(', ')}, which the stream Worker does not pass on`;
  return {
    // A blob: Worker has no base for a relative URL, and would send no Referer of the page's.
    referrer: typeof location === 'undefined' ? undefined : location.href,
    ...(init.method !== undefined ? { method: init.method } : {}),
    headers: [...new Headers(init.headers).entries()],
    ...(typeof init.body === 'string' ? { body: init.body } : {}),
    ...(init.credentials !== undefined ? { credentials: init.credentials } : {}),
    ...(init.cache !== undefined ? { cache: init.cache } : {}),
    ...(init.redirect !== undefined ? { redirect: init.redirect } : {}),
    ...(init.referrerPolicy !== undefined ? { referrerPolicy: init.referrerPolicy } : {}),
  };
}

/**
 * Sends the request and resolves once the answer's head arrived (rejects as `fetch` does). See
 * the module comment for the two modes; `options.onMode` hears which one this stream got.
 */
export async function openAgentStream(
  url: string,
  init: RequestInit,
  options: AgentStreamOptions = {},
): Promise<AgentStream> {
  const given = workerInit(init);
  const worker =
    options.fetch !== undefined
      ? 'the host gave its own fetch, which a Worker cannot call'
      : typeof given === 'string'
        ? given
        : await startWorker();
  if (typeof worker === 'string' || typeof given === 'string') {
    options.onMode?.('sliced', `${String(worker)}: ${SLICED}`);
    return slicedStream(url, init, options);
  }
  options.onMode?.('worker', WORKER_MODE);
  // Resolved against the page, as the page's own fetch would: a Worker made from a blob: URL
  // cannot resolve "/api/agent" itself.
  const absolute = new URL(url, document.baseURI).href;
  return workerStream(worker, absolute, given, options.signal);
}

async function slicedStream(url: string, init: RequestInit, options: AgentStreamOptions): Promise<AgentStream> {
  const signal = options.signal;
  const response = await (options.fetch ?? ((u: string, i: RequestInit) => fetch(u, i)))(url, {
    ...init,
    ...(signal !== undefined ? { signal } : {}),
  });
  return {
    status: response.status,
    ok: response.ok,
    contentType: response.headers.get('content-type') ?? '',
    mode: 'sliced',
    text: (max) => readTextStart(response.body, max),
    async read(format, bounds, onItem, read = {}) {
      if (response.body === null) return;
      await readInSlices<StreamItem>(response.body, (emit) => createStreamItemParser(format, bounds, emit), onItem, {
        ...read,
        ...(signal !== undefined ? { signal } : {}),
      });
    },
  };
}

function workerStream(
  worker: Worker,
  url: string,
  init: StreamRequestInit,
  signal: AbortSignal | undefined,
): Promise<AgentStream> {
  const inbox: FromStreamWorker[] = [];
  let wake: (() => void) | undefined;
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    worker.terminate();
    signal?.removeEventListener('abort', end);
    wake?.();
  };
  signal?.addEventListener('abort', end, { once: true });
  worker.onmessage = (event: MessageEvent<FromStreamWorker>) => {
    inbox.push(event.data);
    wake?.();
  };
  worker.onerror = (event) => {
    event.preventDefault();
    inbox.push({ error: `the stream Worker failed: ${event.message ?? 'no message'}` });
    wake?.();
  };
  const post = (message: ToStreamWorker) => worker.postMessage(message);
  /** The Worker's next message, or undefined once the stream was ended here (abort, stop). */
  const receive = async (): Promise<FromStreamWorker | undefined> => {
    while (inbox.length === 0 && !ended) await new Promise<void>((resolve) => (wake = resolve));
    const message = ended ? undefined : inbox.shift();
    if (message !== undefined && 'error' in message) {
      end();
      throw new Error(message.error);
    }
    return message;
  };
  if (signal?.aborted === true) end();
  post({ fetch: { url, init } });
  return receive().then((message) => {
    // As fetch does: an aborted request rejects with the signal's reason (an AbortError by default).
    if (message === undefined) throw signal?.reason ?? new DOMException('The request was aborted.', 'AbortError');
    if (!('head' in message)) throw new Error('the stream Worker answered out of order');
    const { status, ok, contentType } = message.head;
    return {
      status,
      ok,
      contentType,
      mode: 'worker' as const,
      async text(max) {
        post({ text: max });
        const answer = await receive();
        end();
        return answer !== undefined && 'text' in answer ? answer.text : '';
      },
      async read(format, bounds, onItem, read = {}) {
        post({ read: { format, bounds } });
        const next = async (): Promise<StreamItem[] | undefined> => {
          const answer = await receive();
          if (answer === undefined || !('items' in answer)) return undefined;
          // The batch is taken: the Worker may post one more (it holds at most IN_FLIGHT unacknowledged).
          post({ credit: 1 });
          return answer.items;
        };
        try {
          await handOnInSlices(next, onItem, { ...read, ...(signal !== undefined ? { signal } : {}) });
        } finally {
          end();
        }
      },
    };
  });
}

/**
 * Throws unless `stream` is an answer worth reading: a 2xx with a body. A 204 or 205 carries none (read, it would end
 * at once with nothing shown and nothing said); any other status is quoted from the body's start. `what` names the
 * stream in the error (`A2UI stream`, `canvas SSE`).
 */
export async function refuseUnreadable(stream: AgentStream, what: string, url: string): Promise<void> {
  if (stream.status === 204 || stream.status === 205)
    throw new Error(`${what} ${url}: HTTP ${stream.status}, no body: the agent sent no stream`);
  if (stream.ok) return;
  const quoted = (await stream.text(300).catch(() => '')).replace(/\s+/g, ' ').trim();
  throw new Error(`${what} ${url}: HTTP ${stream.status}${quoted === '' ? '' : `: ${quoted}`}`);
}
