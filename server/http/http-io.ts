import type { IncomingMessage } from 'node:http';
import { measureJson } from '../../shared/json-shape.ts';
import { HttpError } from './http-error.ts';

export { sendJson } from './http-error.ts';

/** Nesting any JSON body may have; deeper bodies are refused before `JSON.parse` builds them. */
export const MAX_BODY_DEPTH = 64;

/** Read a request body of at most `limit` bytes; over it, undefined (answer 413) without buffering the rest. */
export async function readBody(request: IncomingMessage, limit: number): Promise<string | undefined> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return undefined;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) {
      request.destroy();
      return undefined;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
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
export async function readJson(request: IncomingMessage, limit: number): Promise<{ ok: true; value: unknown } | { ok: false; status: number; error: string; code: string }> {
  const text = await readBody(request, limit);
  if (text === undefined) return { ok: false, status: 413, error: `the body is larger than ${limit} bytes`, code: 'BODY_TOO_LARGE' };
  try {
    return { ok: true, value: parseBoundedJson(text) };
  } catch (error) {
    const e = error as HttpError;
    return { ok: false, status: e.status, error: e.message, code: e.code };
  }
}
