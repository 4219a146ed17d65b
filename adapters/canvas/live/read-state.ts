/** The compacted canvas from the first server that answers, starting at `index` (fail over in order). */
export async function readCanvasState(
  options: { urls: readonly string[]; sessionId: string; wsToken: string },
  index: number,
): Promise<{ seq: number; ops: unknown[] }> {
  let lastError: unknown;
  for (let attempt = 0; attempt < options.urls.length; attempt += 1) {
    const base = options.urls[(index + attempt) % options.urls.length]!;
    const session = encodeURIComponent(options.sessionId);
    try {
      const response = await fetch(`${base}/api/canvas/${session}/state?token=${encodeURIComponent(options.wsToken)}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      return (await response.json()) as { seq: number; ops: unknown[] };
    } catch (error) {
      lastError = error;
    }
  }
  throw new Error(`the canvas state could not be read from ${options.urls.join(', ')}: ${String(lastError)}`);
}
