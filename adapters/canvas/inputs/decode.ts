import { decode as decodeToon } from '@toon-format/toon';
import { measureJson } from '../../../shared/json-shape.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { checkOp, type CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';

/** What decoding a block gave: the valid ops in order, and a precise error per refused one. */
export interface Decoded {
  ops: CanvasOp[];
  errors: string[];
}

/**
 * Decode one block of canvas ops — JSON (one op, an array of ops, or one op per line) or TOON
 * (`---` separates ops) — into checked ops. Every text is bounded before it is parsed (bytes, and
 * JSON depth by a shape pre-scan); each op is checked on its own, so one bad op does not sink the
 * others. This is the one door every input (fence, TOON, MCP, SSE, WebSocket, the agent API) uses.
 */
export function decodeBlock(text: string): Decoded {
  const out: Decoded = { ops: [], errors: [] };
  if (text.length > CANVAS_LIMITS.maxBlockChars) {
    out.errors.push(
      `a block of ${text.length} characters is over the limit of ${CANVAS_LIMITS.maxBlockChars} (maxBlockChars); send fewer ops per block`,
    );
    return out;
  }
  const trimmed = text.trim();
  if (trimmed === '') return out;
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    const whole = parseJson(trimmed);
    if (whole.ok) collect(whole.value, out);
    else if (trimmed.startsWith('{') && trimmed.includes('\n')) {
      // JSON lines: one op per line.
      for (const line of trimmed.split('\n')) {
        if (line.trim() === '') continue;
        const one = parseJson(line.trim());
        if (one.ok) collect(one.value, out);
        else out.errors.push(one.error);
      }
    } else out.errors.push(whole.error);
    return out;
  }
  for (const part of trimmed.split(/^---[ \t]*$/m)) {
    if (part.trim() === '') continue;
    let value: unknown;
    try {
      value = decodeToon(part, { strict: true });
    } catch (error) {
      out.errors.push(`TOON: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300));
      continue;
    }
    collect(value, out);
  }
  return out;
}

/** Check one parsed value (an op or an array of ops) into `out`. */
export function collect(value: unknown, out: Decoded): void {
  const list = Array.isArray(value) ? value : [value];
  if (list.length > 1000) {
    out.errors.push(`${list.length} ops in one block; the limit is 1000`);
    return;
  }
  list.forEach((item, index) => {
    const checked = checkOp(item);
    if (checked.ok) out.ops.push(checked.op);
    else out.errors.push(list.length > 1 ? `op ${index}: ${checked.error}` : checked.error);
  });
}

/** JSON.parse behind the byte and depth bounds. */
export function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  if (text.length > CANVAS_LIMITS.maxOpBytes * 4)
    return {
      ok: false,
      error: `the JSON text is ${text.length} characters; the limit is ${CANVAS_LIMITS.maxOpBytes * 4}`,
    };
  const shape = measureJson(text, CANVAS_LIMITS.maxOpDepth);
  if (shape.depth > CANVAS_LIMITS.maxOpDepth)
    return { ok: false, error: `the JSON nests deeper than ${CANVAS_LIMITS.maxOpDepth} (maxOpDepth)` };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (error) {
    return { ok: false, error: `not JSON: ${error instanceof Error ? error.message : String(error)}`.slice(0, 200) };
  }
}
