/**
 * Structured logs: one JSON object per line on stderr. SECURITY: tokens never reach a log — query
 * strings are cut from URLs and fields named like credentials are replaced.
 */
export function createLogger(stream: NodeJS.WritableStream = process.stderr): (event: Record<string, unknown>) => void {
  return (event) => {
    const safe: Record<string, unknown> = { at: new Date().toISOString() };
    for (const [key, value] of Object.entries(event)) {
      if (/token|secret|key|authorization|password/i.test(key)) safe[key] = '[redacted]';
      else if (typeof value === 'string' && key === 'url') safe[key] = value.split('?')[0];
      else safe[key] = value;
    }
    stream.write(`${JSON.stringify(safe)}\n`);
  };
}
