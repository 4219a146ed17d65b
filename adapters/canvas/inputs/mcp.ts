import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';
import { collect, decodeBlock, type Decoded } from './decode.ts';

/**
 * The canvas ops of an MCP tool result: the seed's `_canvas_ops` field, at the result's top level,
 * in `structuredContent` or in `_meta` (where MCP hosts keep extra fields). The value may be an
 * array of ops, one op, or text (JSON or TOON). Bad ops are reported one by one.
 */
export function opsFromToolResult(result: unknown): { ops: CanvasOp[]; errors: string[] } {
  const out: Decoded = { ops: [], errors: [] };
  if (typeof result !== 'object' || result === null) return out;
  const r = result as Record<string, unknown>;
  const holders = [r, r.structuredContent, r._meta];
  for (const holder of holders) {
    if (typeof holder !== 'object' || holder === null || !Object.hasOwn(holder, '_canvas_ops')) continue;
    const value = (holder as Record<string, unknown>)._canvas_ops;
    if (typeof value === 'string') {
      const decoded = decodeBlock(value);
      out.ops.push(...decoded.ops);
      out.errors.push(...decoded.errors);
    } else collect(value, out);
  }
  return out;
}
