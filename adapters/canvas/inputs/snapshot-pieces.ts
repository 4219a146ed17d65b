import { createJsonUnitParser } from '../../streaming/index.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { DEFAULT_SLICE_MS, yieldToHost } from '../../../shared/sliced-reader.ts';

/** Characters of a snapshot parsed per step: one step's work stays far under a slice. */
const STEP_CHARS = 16 * 1024;

/** A snapshot's JSON parsed, or why it cannot be. */
export type SnapshotParse = { ok: true; value: unknown } | { ok: false; error: string };

/**
 * Parses a canvas snapshot's JSON (`{seq, ops}`, which may be megabytes: it holds a whole canvas)
 * in steps of `STEP_CHARS` with the incremental JSON reader, yielding to the host whenever a slice
 * has run `DEFAULT_SLICE_MS`: `JSON.parse` of one large event would hold the host's main thread in
 * one task (a 10 MB snapshot: hundreds of ms). Depth is bounded as the text streams (the ops' own
 * bound plus the `{ops: [...]}` around them), so a deep bomb is refused before it is built.
 */
export async function parseSnapshotInSlices(
  text: string,
  options: { now?(): number; yield?(): Promise<void>; signal?: AbortSignal } = {},
): Promise<SnapshotParse> {
  const now = options.now ?? (() => performance.now());
  const pause = options.yield ?? yieldToHost;
  const parser = createJsonUnitParser({
    units: [],
    mode: 'document',
    limits: { maxDocumentChars: text.length + 1, maxDepth: CANVAS_LIMITS.maxOpDepth + 2 },
  });
  let sliceStart = now();
  let value: unknown;
  let error: string | undefined;
  const take = (events: ReturnType<typeof parser.push>) => {
    for (const e of events) {
      if (e.kind === 'document') value = e.value;
      else if (e.kind === 'error') error ??= e.error.message;
    }
  };
  for (let at = 0; at < text.length && error === undefined; at += STEP_CHARS) {
    if (now() - sliceStart >= DEFAULT_SLICE_MS) {
      await pause();
      sliceStart = now();
    }
    // A host that gave up on the stream stops paying for a snapshot nobody will apply.
    if (options.signal?.aborted) return { ok: false, error: 'the snapshot was not parsed: the stream was aborted' };
    take(parser.push(text.slice(at, at + STEP_CHARS)));
  }
  if (error === undefined) take(parser.end());
  if (error !== undefined)
    return { ok: false, error: `the snapshot is not JSON the canvas takes: ${error.slice(0, 300)}` };
  // An empty or blank snapshot holds no document: taken as "no ops" it would wipe the canvas unheard.
  if (value === undefined) return { ok: false, error: 'the snapshot is empty: a snapshot is one JSON {seq, ops}' };
  return { ok: true, value };
}
