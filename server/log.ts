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
 *
 * SECURITY: a line is one line of printable text. `JSON.stringify` escapes C0 controls but passes
 * DEL, the C1 controls (U+0080–U+009F: U+009B is a terminal's CSI, so an `Origin` header could
 * drive the operator's terminal) and the Unicode line separators; they are escaped here, once,
 * for every field of every event.
 */
export function createLogger(stream: NodeJS.WritableStream = process.stderr): (event: Record<string, unknown>) => void {
  return (event) => {
    const safe: Record<string, unknown> = { at: new Date().toISOString() };
    const clean = redactValue(event) as Record<string, unknown>;
    for (const [key, value] of Object.entries(clean))
      safe[key] = key === 'url' && typeof value === 'string' ? value.split('?')[0] : value;
    stream.write(`${escapeControls(JSON.stringify(safe))}\n`);
  };
}

/** Characters JSON leaves raw that a terminal or a line-based reader acts on. */
const RAW_CONTROLS = /[\u007f-\u009f\u2028\u2029]/g;

/** JSON text with every raw control character as a `\uXXXX` escape (only strings hold them: the value is the same). */
export function escapeControls(json: string): string {
  return json.replace(RAW_CONTROLS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
