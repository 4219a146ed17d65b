/**
 * The one redaction layer: every log line, and every error text relayed to a page or to a model,
 * passes through `redact`. It removes the secret values registered with `registerSecret` (the
 * model key, the agent token, the token secret, values learnt at run time) wherever they occur,
 * and text shaped like a credential even when its value was never registered (an endpoint that
 * echoes someone else's header, a key pasted into a prompt).
 *
 * It lives in `shared/` because three layers relay errors: the server (logs, `/genUI` replies),
 * the chat client in `generator/model/` (used by the server, the runtime and the playground), and
 * the adapters. Pure string work, no Node or DOM API.
 */

import { buildAutomaton, createSecretStream, type SecretAutomaton, type SecretStream } from './secret-automaton.ts';
import { foldedChars } from './secret-forms.ts';

/** What stands in for a removed secret. */
export const REDACTED = '[redacted]';

/**
 * Secrets shorter than this, in folded characters (`shared/secret-forms.ts`), are refused: matched
 * in their disguised forms (case folded, spaced out, escaped), a shorter value would also match
 * ordinary words. `registerSecret` answers 'too-short' for them so a caller can say so; the
 * runtime's secret prompt still removes a 4–7 character answer verbatim (`secret-scrubber.ts`).
 */
export const MIN_SECRET_CHARS = 8;
/** A process holds a handful of secrets; the cap keeps a caller that registers per request bounded. */
const MAX_SECRETS = 256;

// SECURITY: process-wide on purpose. A secret is a property of the process (its key, its
// tokens), and every path out of it (any logger, any error relay) must see every secret, however
// the module that learnt it was wired.
/** Per registered value, its folded forms (as written, and as a JSON string carries it). */
const secrets = new Map<string, string[][]>();
/** The one automaton over every form of every secret, rebuilt on the first use after a change. */
let automaton: SecretAutomaton | undefined;

/** What `registerSecret` did with a value. */
export type SecretRegistration = 'registered' | 'too-short';

/**
 * Registers a secret value: from now on `redact` removes it from any text, in every form
 * `shared/secret-forms.ts` reads (escaped, percent-encoded, HTML entities, full-width, spaced out
 * with blanks or invisible characters). Values shorter than MIN_SECRET_CHARS are refused
 * ('too-short'); registering the same value twice is harmless.
 */
export function registerSecret(value: string | undefined): SecretRegistration {
  const trimmed = value?.trim() ?? '';
  const folded = foldedChars(trimmed);
  if (folded.length < MIN_SECRET_CHARS) return 'too-short';
  if (secrets.has(trimmed)) return 'registered';
  if (secrets.size >= MAX_SECRETS) {
    // The oldest goes: a bounded registry, and the newest secret is the one in use.
    secrets.delete(secrets.keys().next().value!);
  }
  // A JSON string escapes a backslash or quote, which reads back as another character list.
  const json = foldedChars(JSON.stringify(trimmed).slice(1, -1));
  secrets.set(trimmed, json.join('') === folded.join('') ? [folded] : [folded, json]);
  automaton = undefined;
  return 'registered';
}

/** Forgets every registered secret (tests only). */
export function clearSecretsForTests(): void {
  secrets.clear();
  automaton = undefined;
}

/** The automaton over every registered secret's forms. */
function currentAutomaton(): SecretAutomaton {
  automaton ??= buildAutomaton([...secrets.values()].flat());
  return automaton;
}

/**
 * Removes the registered secrets from `text`, in their disguised forms too (escaped, spaced),
 * and nothing else: for content that is not a log, such as a model's words relayed to a page,
 * where a credential *shape* is content but a registered secret never is.
 */
export function redactSecrets(text: string): string {
  if (secrets.size === 0) return text;
  const stream = createSecretStream(currentAutomaton(), REDACTED);
  return stream.push(text) + stream.end();
}

/**
 * `redactSecrets` for text that arrives in pieces (a model's streamed answer): text is passed on
 * once no secret can still cover it, so a key split across two deltas is removed whole, and prose
 * that cannot begin a secret streams on at once. One automaton reads every secret at once, so a
 * piece costs O(piece + held tail) whatever the number of secrets. `push` returns what may be sent
 * now; `end` the rest. With no secret registered nothing is held.
 */
export function createStreamRedactor(): { push(piece: string): string; end(): string } {
  let built: SecretAutomaton | undefined;
  let stream: SecretStream | undefined;
  // SECURITY: a secret registered mid-stream (a key typed into a prompt while the model's first
  // answer streams) applies from then on: the held tail goes through the new automaton first.
  const carried = () => {
    const now = secrets.size === 0 ? undefined : currentAutomaton();
    if (now === built) return '';
    const held = stream?.end() ?? '';
    built = now;
    stream = now && createSecretStream(now, REDACTED);
    return held;
  };
  return {
    push(piece) {
      const text = carried() + piece;
      return stream ? stream.push(text) : text;
    },
    end() {
      const text = carried();
      return stream ? stream.push(text) + stream.end() : text;
    },
  };
}

/**
 * Credential-shaped text, value replaced, name kept (so a reader still learns *which* header or
 * field was there). SECURITY: the texts are hostile (an endpoint's error body, a model's words), so
 * no pattern may backtrack without bound: the name parts around an alternation are bounded
 * (`{0,32}`), never `*` on both sides.
 */
const SHAPES: ReadonlyArray<readonly [RegExp, string]> = [
  // `Authorization: Bearer abc`, `"authorization":"..."` is handled by the JSON field rule below.
  [/\b((?:proxy-)?authorization\s*[:=]\s*)(?!\[redacted\])[^\r\n"',;}]+/gi, `$1${REDACTED}`],
  [/\b(bearer)(\s+)(?!\[redacted\])[A-Za-z0-9._~+/=-]{8,}/gi, `$1$2${REDACTED}`],
  // OpenAI-style keys (sk-…, sk-proj-…), and the common prefixed token kinds.
  [/\b(sk|pk|rk)-[A-Za-z0-9_-]{8,}/g, `$1-${REDACTED}`],
  [/\b(ghp|gho|ghs|ghu|github_pat|xox[abpr]|AKIA)[A-Za-z0-9_-]{8,}/g, `$1${REDACTED}`],
  // Query strings and form bodies: api_key=…, access_token=…, secret=…
  [
    /\b([A-Za-z_-]{0,32}(?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|password|passwd)=)(?!\[redacted\])[^&\s"'#]+/gi,
    `$1${REDACTED}`,
  ],
  // JSON fields named like a credential, string values: "api_key": "…", "x-api-token":"…"
  [
    /("[A-Za-z0-9_-]{0,32}(?:key|token|secret|password|passwd|authorization)[A-Za-z0-9_-]{0,32}"\s*:\s*")(?:[^"\\]|\\.)*(")/gi,
    `$1${REDACTED}$2`,
  ],
];

/**
 * Removes every registered secret and every credential-shaped value from `text`. Safe on any
 * string; returns it unchanged when there is nothing to remove. Redact *before* cutting a text
 * short: a cut could leave half a key that no longer matches.
 */
export function redact(text: string): string {
  let out = redactSecrets(text);
  for (const [pattern, replacement] of SHAPES) out = out.replace(pattern, replacement);
  return out;
}

/** `redact` for an error of any kind: its message, or its string form. */
export function redactError(error: unknown): string {
  return redact(error instanceof Error ? error.message : String(error));
}

/**
 * A copy of a log event (any JSON-like value) with every string redacted and every field named
 * like a credential replaced whole, at any depth (bounded at 8 levels and 200 entries per level:
 * a log line is not a place for a deep structure).
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth >= 8) return '[nested too deep]';
  if (Array.isArray(value)) return value.slice(0, 200).map((v) => redactValue(v, depth + 1));
  if (value instanceof Error) return redact(value.message);
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value).slice(0, 200))
    out[key] = SECRET_FIELD.test(key) ? REDACTED : redactValue(inner, depth + 1);
  return out;
}

/** A field name that holds a credential (the value is dropped whole, whatever it looks like). */
export const SECRET_FIELD = /token|secret|key|authorization|password|passwd|cookie/i;
