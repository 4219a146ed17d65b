/**
 * A protocol line as it may be logged. The runtime remembers the ids of the `ui.prompt.request`s
 * it sent with `secret: true` (outgoing lines); the UI's answer to such an id (incoming) is logged
 * with its value replaced.
 */
export function redactLine(line: string, secretIds: Set<string>, direction: 'in' | 'out'): string {
  let message: { id?: unknown; method?: unknown; params?: { secret?: unknown }; result?: unknown } | null;
  try {
    message = JSON.parse(line) as typeof message;
  } catch {
    return line.length > 200 ? `${line.slice(0, 200)}…` : line;
  }
  if (typeof message !== 'object' || message === null) return line;
  if (direction === 'out' && message.method === 'ui.prompt.request' && message.params?.secret === true)
    secretIds.add(String(message.id));
  // SECURITY: a secret prompt's value never reaches a log.
  if (direction === 'in' && message.method === undefined && secretIds.has(String(message.id))) {
    secretIds.delete(String(message.id));
    return JSON.stringify({ ...message, result: '[secret redacted]' });
  }
  return line.length > 100_000 ? `${line.slice(0, 100_000)}…` : line;
}
