import { PIECE_BYTES } from './sliced-reader.ts';
import {
  createStreamItemParser,
  itemSize,
  readTextStart,
  type StreamBounds,
  type StreamFormat,
  type StreamItem,
} from './stream-items.ts';

/** Bytes handed to the parser at a time, so a batch's item count is checked often enough. */
const FRAME_STEP = 1024;
/** A batch is flushed once it holds this many items. */
const BATCH_ITEMS = 1024;
/**
 * Most items one batch can hold: a step adds at most one item per two bytes ("1\n") past the
 * flush point. The page takes a batch in one task.
 */
export const MAX_BATCH_ITEMS = BATCH_ITEMS + FRAME_STEP / 2;

/**
 * The stream Worker's side (its entry is `shared/stream-worker-main.ts`): it fetches an untrusted
 * agent stream, decodes, frames and bounds its body off the host page's thread, and posts the page
 * only bounded items (`shared/stream-items.ts`) in batches of about one 64 KiB piece. A 10 MB event
 * is skipped by byte count here, and Chromium's end-of-body work for it runs on this thread too.
 *
 * Flow control: at most `IN_FLIGHT` batches are posted and not yet acknowledged (`credit`); while
 * the page is behind, the Worker stops reading the body, so the network holds the rest, not memory.
 */

/** The parts of a `RequestInit` a Worker can be given (no signal: the page ends the Worker instead). */
export interface StreamRequestInit {
  method?: string;
  headers?: Array<[string, string]>;
  body?: string;
  credentials?: RequestCredentials;
  cache?: RequestCache;
  redirect?: RequestRedirect;
  referrerPolicy?: ReferrerPolicy;
  /** The page's URL: a blob: Worker's own fetch would send no Referer of the page's. */
  referrer?: string;
}

/** The page's messages to the stream Worker, in this order: `fetch`, then `text` or `read`, then `credit`s. */
export type ToStreamWorker =
  | { fetch: { url: string; init: StreamRequestInit } }
  | { text: number }
  | { read: { format: StreamFormat; bounds: StreamBounds } }
  | { credit: number };

/** The stream Worker's messages to the page. */
export type FromStreamWorker =
  | { ready: true }
  | { head: { status: number; ok: boolean; contentType: string } }
  | { text: string }
  | { items: StreamItem[] }
  | { end: true }
  | { error: string };

/** Batches posted and not yet acknowledged, at most. */
export const IN_FLIGHT = 2;

/**
 * The Worker's message handler: `post` sends to the page. Pure of any Worker global, so a unit
 * test drives it in Node against a real HTTP server.
 */
export function createStreamWorkerHandler(
  post: (message: FromStreamWorker) => void,
  doFetch: typeof fetch = (input, init) => fetch(input, init),
): (message: ToStreamWorker) => void {
  let response: Response | undefined;
  let credits = IN_FLIGHT;
  let wake: (() => void) | undefined;
  const credit = async () => {
    while (credits <= 0) await new Promise<void>((resolve) => (wake = resolve));
    credits -= 1;
  };
  const fail = (error: unknown) => post({ error: error instanceof Error ? error.message : String(error) });

  async function start(url: string, init: StreamRequestInit): Promise<void> {
    response = await doFetch(url, init);
    post({
      head: { status: response.status, ok: response.ok, contentType: response.headers.get('content-type') ?? '' },
    });
  }

  async function text(max: number): Promise<void> {
    post({ text: await readTextStart(response?.body, max) });
  }

  async function read(format: StreamFormat, bounds: StreamBounds): Promise<void> {
    const body = response?.body;
    if (body === undefined || body === null) return post({ end: true });
    let batch: StreamItem[] = [];
    let size = 0;
    const parser = createStreamItemParser(format, bounds, (item) => {
      batch.push(item);
      size += itemSize(item);
    });
    const flush = async () => {
      if (batch.length === 0) return;
      await credit();
      post({ items: batch });
      batch = [];
      size = 0;
    };
    const reader = body.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      // SECURITY: framed in steps of FRAME_STEP bytes, the batch flushed once it holds a piece's
      // worth of bytes or BATCH_ITEMS items, so no batch the page must take in one task is much
      // larger than a piece or holds many tiny items (a piece of "1\n" is 32,768 items: 60-76 ms
      // to take in one task). A single item is bounded by its own limit.
      for (let at = 0; at < value.length; at += FRAME_STEP) {
        parser.push(value.subarray(at, at + FRAME_STEP));
        if (size >= PIECE_BYTES || batch.length >= BATCH_ITEMS) await flush();
      }
      await flush();
    }
    parser.end();
    await flush();
    post({ end: true });
  }

  return (message) => {
    if ('credit' in message) {
      credits += message.credit;
      wake?.();
      wake = undefined;
    } else if ('fetch' in message) start(message.fetch.url, message.fetch.init).catch(fail);
    else if ('text' in message) text(message.text).catch(fail);
    else read(message.read.format, message.read.bounds).catch(fail);
  };
}
