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

/** What stands in for a removed secret. */
export const REDACTED = '[redacted]';

/** Shorter values are not registered: redacting "a" or "" would shred every text. */
const MIN_SECRET_CHARS = 8;
/** A process holds a handful of secrets; the cap keeps a caller that registers per request bounded. */
const MAX_SECRETS = 256;

// SECURITY: process-wide on purpose. A secret is a property of the process (its key, its
// tokens), and every path out of it (any logger, any error relay) must see every secret, however
// the module that learnt it was wired.
const secrets = new Set<string>();
/** Per secret, its disguised forms (see `disguisedForm`). */
const disguised = new Map<string, RegExp>();
/** The longest text a disguised form can take (what a stream holds back). */
let longestForm = 0;

/**
 * Registers a secret value: from now on `redact` removes it (and its URL-encoded form) from any
 * text. Values shorter than 8 characters are ignored (they cannot be told apart from ordinary
 * words); registering the same value twice is harmless.
 */
export function registerSecret(value: string | undefined): void {
  const trimmed = value?.trim() ?? '';
  if (trimmed.length < MIN_SECRET_CHARS) return;
  if (secrets.size >= MAX_SECRETS) {
    // The oldest goes: a bounded registry, and the newest secret is the one in use.
    const first = secrets.values().next().value;
    if (first !== undefined) {
      secrets.delete(first);
      disguised.delete(first);
    }
  }
  secrets.add(trimmed);
  disguised.set(trimmed, disguisedForm(trimmed));
  longestForm = Math.max(longestForm, trimmed.length * MAX_FORM_CHARS);
  const encoded = encodeURIComponent(trimmed);
  if (encoded !== trimmed) secrets.add(encoded);
}

/** Forgets every registered secret (tests only). */
export function clearSecretsForTests(): void {
  secrets.clear();
  disguised.clear();
  longestForm = 0;
}

/** Characters one character of a secret can take in a disguised form: `\u00XX` and up to three separators of two. */
const MAX_FORM_CHARS = 12;
/** What may stand between two characters of a spaced-out secret: whitespace, invisible characters, a JSON `\n`. */
const SEPARATOR = String.raw`(?:\s|[\u200b-\u200d\u2060\ufeff]|\\[nrt]){0,3}`;

/**
 * A secret's disguised forms as one pattern: each character as itself, `\uXXXX` / `\xXX`
 * escaped, backslash-escaped (JSON's `\/`) or percent-encoded, with up to three blanks between
 * characters (`s k - l i v e …`). SECURITY: bounded at every step (no nested quantifier), so a
 * hostile text costs at most a constant per character and secret.
 */
function disguisedForm(secret: string): RegExp {
  const parts = [...secret].map((char) => {
    const code = char.codePointAt(0)!;
    const hex = code.toString(16).padStart(4, '0');
    const forms = [char.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&'), `\\\\u${hex}`];
    if (code < 0x100) forms.push(`\\\\x${hex.slice(2)}`, `%${hex.slice(2)}`);
    if (!/[A-Za-z0-9]/.test(char)) forms.push(`\\\\${forms[0]}`);
    return `(?:${forms.join('|')})`;
  });
  return new RegExp(parts.join(SEPARATOR), 'gi');
}

/**
 * Removes the registered secrets from `text`, in their disguised forms too (escaped, spaced),
 * and nothing else: for content that is not a log, such as a model's words relayed to a page,
 * where a credential *shape* is content but a registered secret never is.
 */
export function redactSecrets(text: string): string {
  let out = text;
  for (const secret of secrets) if (out.includes(secret)) out = out.split(secret).join(REDACTED);
  for (const form of disguised.values()) out = out.replace(form, REDACTED);
  return out;
}

/** Separators a spaced-out form may put between two characters (as `SEPARATOR` allows). */
const SPACER = /^(?:\s|[\u200b-\u200d\u2060\ufeff])$/;

/**
 * How `tail[at…]` spells one character of a secret in a disguised form (`disguisedForm`): the
 * character itself (any case), `\uXXXX`, `\xXX`, `%XX` or `\<char>`. Answers the characters it
 * takes, 'open' when the tail ends inside such a spelling, or 0 when it spells something else.
 */
function spelled(tail: string, at: number, char: string): number | 'open' {
  const first = tail[at]!;
  if (first.toLowerCase() === char.toLowerCase()) return 1;
  const code = char.codePointAt(0)!;
  const hex = code.toString(16).padStart(4, '0');
  const spellings = [`\\u${hex}`, ...(code < 0x100 ? [`\\x${hex.slice(2)}`, `%${hex.slice(2)}`] : []), `\\${char}`];
  for (const spelling of spellings) {
    const seen = tail.slice(at, at + spelling.length).toLowerCase();
    if (seen === spelling.toLowerCase()) return spelling.length;
    if (at + seen.length === tail.length && spelling.toLowerCase().startsWith(seen)) return 'open';
  }
  return 0;
}

/** Whether `tail[from…]`, to its end, could be the start of `secret` in one of its disguised forms. */
function couldBegin(tail: string, from: number, secret: string): boolean {
  let at = from;
  for (let k = 0; k < secret.length; k += 1) {
    for (let spaces = 0; k > 0 && at < tail.length && spaces < 3 && SPACER.test(tail[at]!); spaces += 1) at += 1;
    if (at >= tail.length) return true;
    const taken = spelled(tail, at, secret[k]!);
    if (taken === 'open') return true;
    if (taken === 0) return false;
    at += taken;
  }
  return true;
}

/**
 * Where a stream's text must stop for now: the first place in its last `longestForm` characters
 * from which the rest could still grow into a registered secret, in any of its forms. Whatever
 * comes before holds no unfinished secret, so prose streams on at once (holding a secret's worth
 * of every stream kept a model's first words from a page for as long as the model paused).
 */
function heldFrom(text: string): number {
  for (let i = Math.max(0, text.length - longestForm); i < text.length; i += 1) {
    for (const secret of secrets) if (couldBegin(text, i, secret)) return i;
  }
  return text.length;
}

/**
 * `redactSecrets` for text that arrives in pieces (a model's streamed answer): a piece is passed
 * on once no secret can still begin in it, so a key split across two deltas is removed whole.
 * `push` returns what may be sent now; `end` the rest. With no secret registered nothing is held.
 */
export function createStreamRedactor(): { push(piece: string): string; end(): string } {
  let held = '';
  return {
    push(piece) {
      const all = redactSecrets(held + piece);
      const from = heldFrom(all);
      held = all.slice(from);
      return all.slice(0, from);
    },
    end() {
      const rest = redactSecrets(held);
      held = '';
      return rest;
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
  [/\b([A-Za-z_-]{0,32}(?:api[_-]?key|apikey|access[_-]?token|refresh[_-]?token|token|secret|password|passwd)=)(?!\[redacted\])[^&\s"'#]+/gi, `$1${REDACTED}`],
  // JSON fields named like a credential, string values: "api_key": "…", "x-api-token":"…"
  [/("[A-Za-z0-9_-]{0,32}(?:key|token|secret|password|passwd|authorization)[A-Za-z0-9_-]{0,32}"\s*:\s*")(?:[^"\\]|\\.)*(")/gi, `$1${REDACTED}$2`],
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
  for (const [key, inner] of Object.entries(value).slice(0, 200)) out[key] = SECRET_FIELD.test(key) ? REDACTED : redactValue(inner, depth + 1);
  return out;
}

/** A field name that holds a credential (the value is dropped whole, whatever it looks like). */
export const SECRET_FIELD = /token|secret|key|authorization|password|passwd|cookie/i;
