import { redactSecrets, redactValue, registerSecret } from '../../shared/redact.ts';

/** Replaces known secret values wherever the runtime writes text. */
export interface SecretScrubber {
  /**
   * Remember a value typed into a secret prompt (its trimmed form too: that is what an Authorization header carries).
   */
  add(value: string): void;
  /** One protocol line (JSON text) with every secret replaced, escaped as JSON escapes it. */
  scrubLine(line: string): string;
  /** A log event with every secret replaced in every string it holds. */
  scrubValue<T>(value: T): T;
  /**
   * Content (an agent event, a user's message) with every secret replaced in every string it
   * holds, disguised forms included (escaped, entity-encoded, full-width, spaced out: see
   * `shared/secret-forms.ts`; values of 8 characters or more), and nothing else changed: what the
   * runtime stores or relays, so no copy of a secret outlives this process.
   */
  scrubContent<T>(value: T): T;
}

/** What a secret is replaced with. */
export const SCRUBBED = '[secret]';
/**
 * Shorter values are not scrubbed (every `a` in the log would go); a secret prompt's answer that
 * short is not a key. Answers of 4–7 characters are scrubbed verbatim only: `registerSecret`
 * refuses them for the disguised forms (`MIN_SECRET_CHARS`), which would match ordinary words.
 */
const MIN_LENGTH = 4;

/**
 * The last line of defence for secret prompt answers (issue 27): the runtime never puts a secret
 * in an event, a status or a log on purpose, but an error can quote it (an endpoint echoing the
 * Authorization header, `fetch` refusing a header value and naming it). Every line and log event
 * the runtime writes goes through this first. A value is also registered with the process's one
 * redaction layer (`shared/redact.ts`), and log events go through its `redactValue` as well
 * (credential shapes included). Protocol lines get the exact values only: a credential *shape*
 * in a model's prose or program is content, not a leak. Values live in this process's memory only.
 */
export function createSecretScrubber(): SecretScrubber {
  const values = new Set<string>();
  const scrubText = (text: string) => {
    let out = text;
    for (const value of values) if (out.includes(value)) out = out.split(value).join(SCRUBBED);
    return out;
  };
  return {
    add(value) {
      registerSecret(value);
      for (const v of [value, value.trim()]) {
        if (v.length < MIN_LENGTH) continue;
        values.add(v);
        // As it appears inside a JSON string (quotes, backslashes, control and non-ASCII characters escaped or not).
        values.add(JSON.stringify(v).slice(1, -1));
      }
    },
    scrubLine: (line) => (values.size === 0 ? line : scrubText(line)),
    scrubContent: <T>(value: T): T => mapStrings(value, (text) => redactSecrets(scrubText(text))) as T,
    scrubValue<T>(value: T): T {
      if (values.size === 0) return redactValue(value) as T;
      try {
        return redactValue(JSON.parse(scrubText(JSON.stringify(value)))) as T;
      } catch {
        // A replacement broke the JSON: drop the event's text rather than risk the secret.
        return { event: 'log-scrubbed', note: 'a log event held a secret and could not be scrubbed in place' } as T;
      }
    },
  };
}

/** A copy of a JSON-like value with `map` applied to every string (keys included), at any depth. */
function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [map(key), mapStrings(inner, map)]));
}
