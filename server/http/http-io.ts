import type { IncomingMessage } from 'node:http';
import { measureJson } from '../../shared/json-shape.ts';
import { HttpError } from './http-error.ts';

export { sendJson } from './http-error.ts';

/** Nesting any JSON body may have; deeper bodies are refused before `JSON.parse` builds them. */
export const MAX_BODY_DEPTH = 64;

/**
 * The slowest body the server waits for: after `graceMs`, a body must have arrived at `bytesPerSecond`
 * on average since the request began. A real client sends its body at once; a trickle is cut.
 */
export interface BodyRate {
  bytesPerSecond: number;
  graceMs: number;
}

/** 1 KiB/s after 5 s: a 1 MiB body may take 17 minutes at that rate, a trickle of bytes is cut within 6 s. */
export const MIN_BODY_RATE: BodyRate = Object.freeze({ bytesPerSecond: 1024, graceMs: 5_000 });

/**
 * Read a request body of at most `limit` bytes; over it, undefined (answer 413) without buffering
 * the rest. SECURITY: a body slower than `rate` is refused with 408 `BODY_TOO_SLOW` (and its
 * connection closed by `sendJson`), so trickled bodies cannot hold descriptors or request slots
 * until Node's own request timeout.
 */
export function readBody(
  request: IncomingMessage,
  limit: number,
  rate: BodyRate = MIN_BODY_RATE,
): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.resolve(undefined);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const started = Date.now();
    let size = 0;
    const done = () => {
      clearInterval(clock);
      request.off('data', data);
      request.off('end', end);
      request.off('error', failed);
    };
    const clock = setInterval(
      () => {
        const elapsed = Date.now() - started;
        if (elapsed < rate.graceMs || size >= (rate.bytesPerSecond * elapsed) / 1000) return;
        done();
        request.pause();
        const pace = `${rate.bytesPerSecond} bytes per second (${size} bytes in ${elapsed} ms)`;
        reject(new HttpError(408, 'BODY_TOO_SLOW', `the body arrived at under ${pace}; send the whole body at once`));
      },
      Math.min(1000, rate.graceMs),
    );
    const data = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        done();
        request.destroy();
        return resolve(undefined);
      }
      chunks.push(chunk);
    };
    const end = () => {
      done();
      resolve(Buffer.concat(chunks).toString('utf8'));
    };
    const failed = (error: Error) => {
      done();
      reject(error);
    };
    request.on('data', data);
    request.once('end', end);
    request.once('error', failed);
  });
}

/**
 * Parse a JSON text bounded in depth before it is parsed: a 200k-deep body costs one linear scan
 * and a 400, never a parser's stack or a 500.
 */
export function parseBoundedJson(text: string, depth = MAX_BODY_DEPTH): unknown {
  const shape = measureJson(text, depth);
  if (shape.truncated) throw new HttpError(400, 'BODY_TOO_DEEP', `the JSON body nests deeper than ${depth} levels`);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new HttpError(400, 'BAD_JSON', 'the body is not JSON');
  }
}

/** Read a JSON body: bounded in bytes and depth before it is parsed; a precise error otherwise. */
export async function readJson(
  request: IncomingMessage,
  limit: number,
): Promise<{ ok: true; value: unknown } | { ok: false; status: number; error: string; code: string }> {
  const text = await readBody(request, limit);
  if (text === undefined)
    return { ok: false, status: 413, error: `the body is larger than ${limit} bytes`, code: 'BODY_TOO_LARGE' };
  try {
    return { ok: true, value: parseBoundedJson(text) };
  } catch (error) {
    const e = error as HttpError;
    return { ok: false, status: e.status, error: e.message, code: e.code };
  }
}
