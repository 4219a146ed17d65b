import { redactValue } from '../shared/redact.ts';

/**
 * Structured logs: one JSON object per line on stderr.
 *
 * SECURITY: nothing secret reaches a log. Every field passes through the one redaction layer
 * (`shared/redact.ts`): registered secrets (the model key, the agent token, the token secret) are
 * removed from every string at any depth, credential-shaped text (`Authorization: …`, `Bearer …`,
 * `sk-…`, `api_key=…`, JSON fields named like a key) is replaced, fields named like a credential
 * are dropped whole, and query strings are cut from URLs (tokens travel there on WebSocket
 * upgrades).
 */
export function createLogger(stream: NodeJS.WritableStream = process.stderr): (event: Record<string, unknown>) => void {
  return (event) => {
    const safe: Record<string, unknown> = { at: new Date().toISOString() };
    const clean = redactValue(event) as Record<string, unknown>;
    for (const [key, value] of Object.entries(clean)) safe[key] = key === 'url' && typeof value === 'string' ? value.split('?')[0] : value;
    stream.write(`${JSON.stringify(safe)}\n`);
  };
}
