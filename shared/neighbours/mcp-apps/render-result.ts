/**
 * The `structuredContent` of a `suip_render` result: the program the view runs (given, or written
 * by the server's model), and the data it hears on `mcp.tool-result`. The view trusts nothing in it
 * beyond its shape: the program still runs in suip's sandbox.
 */
export interface RenderResult {
  /** The suip program to run (empty when none could be had: then `error` says why). */
  program: string;
  /** Where the program came from. */
  source: 'given' | 'model';
  /** Data for the program (`mcp.tool-result` channel). */
  data?: unknown;
  /** Model turns spent (1 + repairs) when `source` is `model`. */
  turns?: number;
  error?: string;
}

/**
 * Reads a `RenderResult` out of a tool result's `structuredContent` (hostile: any shape); undefined if it is not one.
 */
export function readRenderResult(structured: unknown): RenderResult | undefined {
  if (typeof structured !== 'object' || structured === null) return undefined;
  const value = structured as Record<string, unknown>;
  if (typeof value.program !== 'string' || (value.source !== 'given' && value.source !== 'model')) return undefined;
  return {
    program: value.program,
    source: value.source,
    ...(Object.hasOwn(value, 'data') ? { data: value.data } : {}),
    ...(typeof value.turns === 'number' ? { turns: value.turns } : {}),
    ...(typeof value.error === 'string' ? { error: value.error } : {}),
  };
}
