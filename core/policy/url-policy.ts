import { ErrorCode, type GroupParticle, type Particle, type ParticleIssue } from '../../shared/index.ts';
import { childById } from '../tree/child-index.ts';
import { extendedFrom } from '../tree/text-extension.ts';
import { essence, mediaKind } from './mime.ts';

/** URL decisions the view asks the host's policy for; every href/src goes through one of these. */
export interface UrlPolicy {
  /** A safe href for a link, or undefined to render the link as plain text. */
  linkHref(url: string): string | undefined;
  /** A safe src for media of the declared mime type, or undefined to render a fallback. */
  mediaSrc(url: string, mimeType: string): string | undefined;
}

/** What a host may configure about URLs. */
export interface UrlPolicyOptions {
  /** Schemes links may use; default http:, https:, mailto:. `javascript:` and `data:` are never allowed. */
  linkSchemes?: readonly string[];
  /**
   * Origins remote media may load from (`https://img.example`), or `'https'` for any https origin.
   * The default is `[]`: `data:` media only, because every remote `src` is a request the model
   * chose (its URL can carry data out), so a host opts in to the origins it trusts.
   * Plain http media is never loaded.
   */
  mediaOrigins?: readonly string[] | 'https';
}

const NEVER_LINK = new Set(['javascript:', 'data:', 'vbscript:', 'blob:', 'file:', 'filesystem:']);

/** WHATWG-parse an absolute URL; relative or unparsable input is refused (there is no base to resolve against). */
function parse(url: string): URL | undefined {
  if (typeof url !== 'string' || url.length > 8192) return undefined;
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * Why a URL carries credentials, or undefined when it does not. A URL's userinfo (`user:pass@`,
 * `user@`, percent-encoded or not) is a credential handed to whoever follows the link, and a
 * program that writes one either leaks a secret or dresses a phishing host as a trusted one
 * (`https://bank.example@evil.example`). Checked on the WHATWG-parsed URL and again once
 * percent-decoded, so `%40`/`%3A` spellings are seen too.
 */
export function urlCredentials(url: string): string | undefined {
  if (typeof url !== 'string' || url.length > 8192) return undefined;
  let decoded: string | undefined;
  try {
    decoded = decodeURIComponent(url);
  } catch {
    decoded = undefined;
  }
  for (const candidate of decoded !== undefined && decoded !== url ? [url, decoded] : [url]) {
    const parsed = parse(candidate);
    if (parsed && (parsed.username !== '' || parsed.password !== '')) {
      return (
        `the URL ${JSON.stringify(redact(parsed))} carries credentials in its userinfo ` +
        `(${parsed.password !== '' ? 'user:password@' : 'user@'}), which this host never renders; link ` +
        `to ${JSON.stringify(parsed.protocol + '//' + parsed.host + '/')} without them and let the user sign in ` +
        `on that site`
      );
    }
  }
  return undefined;
}

/** The URL with its userinfo replaced by `…`, so an error never repeats a secret. */
function redact(parsed: URL): string {
  return `${parsed.protocol}//${parsed.password !== '' ? '…:…@' : '…@'}${parsed.host}${parsed.pathname}`.slice(0, 200);
}

/** Things in markdown that may become a link or an image: any `scheme:` run up to a delimiter. */
const URL_LIKE = /[a-z][a-z0-9+.-]{0,31}:[^\s<>()"'`\]]+/gi;

/** At most this many `@`-bearing URL candidates are parsed per markdown text; more is refused. */
export const MAX_MARKDOWN_URL_CANDIDATES = 256;

/** What the credentials scan found in a markdown text, and where a longer text that starts with it is scanned again. */
interface MarkdownScan {
  /** Why the text is refused, or null. */
  why: string | null;
  /**
   * Just past the last whitespace the scan passed (0 if none): no URL-like run, entity or escape
   * crosses a whitespace, so what lies before it is decided whatever follows.
   */
  resume: number;
  /** The `@`-bearing URL-like runs wholly before `resume` (the per-text budget counts them all). */
  candidates: number;
  /** The scanned text from `resume` on: what a longer text that starts with this one scans again, with its delta. */
  open: string;
}

/**
 * Per text particle, what its scan found. Particles are immutable, so a sibling changing in a loop
 * never re-scans the big texts beside it: each text is scanned once. A text a streamed token
 * extended is scanned from its predecessor's `resume`, so the scan costs the delta and the run it
 * continues, not the paragraph, and its scan lives in its extension record (text-extension.ts),
 * not here: this table holds the texts that arrived whole.
 */
const markdownScans = new WeakMap<object, MarkdownScan>();

/**
 * The text with markdown's other spellings of `@` and `%` turned into the characters themselves:
 * markdown-it decodes entities (`&#64;`, `&#x40;`, `&commat;`, any numeric one) and backslash escapes (`\@`) in a
 * link destination before `linkHref` sees it, so the apply-time scan must see what it will see,
 * or such a link passes here and is then silently dropped at render.
 */
function markdownSpelling(text: string): string {
  return text
    .replace(/&#(?:([0-9]{1,7})|[xX]([0-9a-fA-F]{1,6}));/g, (entity, dec?: string, hex?: string) => {
      const code = dec !== undefined ? Number(dec) : Number.parseInt(hex ?? '', 16);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    })
    .replace(/&(commat|percnt|colon|sol);/g, (_, name: string) => NAMED[name] ?? '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1');
}

/** The named entities that spell URL punctuation (markdown-it knows them all). */
const NAMED: Record<string, string> = { commat: '@', percnt: '%', colon: ':', sol: '/' };

/**
 * A markdown text needs spelling and a scan only if it holds a character that can spell an `@`: itself, `%40`, an
 * entity, `\@`.
 */
function maySpellAt(text: string): boolean {
  return text.includes('@') || text.includes('%') || text.includes('&') || text.includes('\\');
}

const TOO_MANY_CANDIDATES =
  `it holds more than ${MAX_MARKDOWN_URL_CANDIDATES} URL-like runs with an "@" (each is ` +
  `checked for credentials in its userinfo, and this host checks no more than that per ` +
  `text); split it into several entries or write the addresses without a scheme`;

/**
 * Scans `piece` (raw markdown that starts the text or follows a whitespace, so no run, entity or
 * escape crosses its start) after `counted` candidates of the text before it: why a URL in it
 * carries credentials, or that the text now holds too many candidates; and the count after it.
 */
function scanPiece(piece: string, counted: number): { why?: string; candidates: number } {
  if (!maySpellAt(piece)) return { candidates: counted };
  const source = markdownSpelling(piece);
  // `@` is required for any userinfo (literal or %40-decoded), which keeps the scan off most texts.
  if (!source.includes('@') && !/%40/i.test(source)) return { candidates: counted };
  let candidates = counted;
  for (const match of source.matchAll(URL_LIKE)) {
    const candidate = match[0];
    // Only a run with an `@` (or its percent spelling) can carry userinfo: the rest is never parsed.
    if (!candidate.includes('@') && !/%40/i.test(candidate)) continue;
    // SECURITY: fail closed: past the budget the text is refused, never let through unchecked.
    if (++candidates > MAX_MARKDOWN_URL_CANDIDATES) return { why: TOO_MANY_CANDIDATES, candidates };
    const why = urlCredentials(candidate);
    if (why !== undefined) return { why, candidates };
  }
  return { candidates };
}

/**
 * Scans `tail`, a markdown text's characters from `base` (0, or a predecessor's `resume`) up to
 * its end, after `counted` candidates before `base`, for URLs with credentials. The tail
 * is cut just past its last whitespace: the closed part before the cut is decided for good (its
 * candidates are counted into the result), the open part after it is scanned now and again when
 * the text grows. Runs, entities and escapes never cross a whitespace, so the pieces' verdicts and
 * counts are exactly the whole text's (proved against a whole-text scan in url-policy.test.ts).
 */
function scanTail(tail: string, base: number, counted: number): MarkdownScan {
  let cut = 0;
  for (let i = tail.length - 1; i >= 0; i -= 1) {
    if (isWhitespace(tail.charCodeAt(i))) {
      cut = i + 1;
      break;
    }
  }
  const open = tail.slice(cut);
  const closed = scanPiece(tail.slice(0, cut), counted);
  if (closed.why !== undefined) return { why: closed.why, resume: base + cut, candidates: closed.candidates, open };
  const verdict = scanPiece(open, closed.candidates);
  return { why: verdict.why ?? null, resume: base + cut, candidates: closed.candidates, open };
}

/**
 * Whether a UTF-16 code unit is one `\s` matches: it ends a URL-like run (`URL_LIKE` stops at `\s`)
 * and is never part of an entity or escape. By code, not by a regex test per character: the
 * scan walks back from every token's end (a regex call per character was a tenth of the scan).
 */
export function isWhitespace(code: number): boolean {
  if (code <= 0x20) return code === 0x20 || (code >= 0x09 && code <= 0x0d);
  if (code < 0xa0) return false;
  return (
    code === 0xa0 ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200a) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/**
 * The scan of a markdown text particle: resumed from the scan of the particle an append made it
 * from, when that one was scanned clean, reading only the predecessor's open part and the delta
 * (never the joined text, which V8 would flatten: a copy of the whole paragraph per token); whole
 * otherwise (a text that arrived whole, or the second of two appends to one leaf in a batch,
 * whose predecessor no check saw).
 */
function markdownScan(particle: { text: string }): MarkdownScan {
  const extension = extendedFrom(particle);
  if (extension === undefined) {
    let scan = markdownScans.get(particle);
    if (scan === undefined) markdownScans.set(particle, (scan = scanTail(particle.text, 0, 0)));
    return scan;
  }
  // A text an append made keeps its scan in its extension record (text-extension.ts), as does the
  // text it extended: a streamed token never reaches into the table of every text.
  if (extension.memo !== undefined) return extension.memo as MarkdownScan;
  const from = extension.from;
  const prior =
    from === undefined
      ? undefined
      : ((extendedFrom(from)?.memo as MarkdownScan | undefined) ?? markdownScans.get(from));
  let scan: MarkdownScan;
  if (prior !== undefined && prior.why === null) {
    // SECURITY: every character is scanned (a text is bounded by maxTextLength on the wire): a
    // cap would let credentials past it through.
    scan = extension.delta === '' ? prior : scanTail(prior.open + extension.delta, prior.resume, prior.candidates);
  } else scan = scanTail(particle.text, 0, 0);
  extension.memo = scan;
  return scan;
}

/**
 * The apply-time half of the credentials rule, run on every group a transaction touches: a data
 * particle (link, file, media) or a markdown text whose URL carries credentials is refused with a
 * PolicyViolation naming the entry, so the program learns why instead of seeing a dead link. With
 * `changed` (the `CheckGroup` contract), only those entries are scanned.
 */
export function checkUrlCredentials(group: GroupParticle, changed?: ReadonlySet<string>): ParticleIssue | undefined {
  if (changed !== undefined) {
    for (const id of changed) {
      const child = childById(group.group, id);
      const issue = child === undefined ? undefined : entryCredentials(id, child);
      if (issue !== undefined) return issue;
    }
    return undefined;
  }
  for (const [id, child] of group.group) {
    const issue = entryCredentials(id, child);
    if (issue !== undefined) return issue;
  }
  return undefined;
}

/** Why one entry of a group carries credentials in a URL, or undefined. */
function entryCredentials(id: string, child: Particle): ParticleIssue | undefined {
  if ('data' in child && typeof child.data === 'string') {
    const why = urlCredentials(child.data);
    if (why !== undefined) return { code: ErrorCode.PolicyViolation, message: `entry ${JSON.stringify(id)}: ${why}` };
  } else if (
    'text' in child &&
    typeof child.text === 'string' &&
    (child.mimeType === undefined || essence(child.mimeType) === 'text/markdown')
  ) {
    // Only markdown turns text into links and images.
    const { why } = markdownScan(child as { text: string });
    if (why !== null)
      return { code: ErrorCode.PolicyViolation, message: `entry ${JSON.stringify(id)} (markdown): ${why}` };
  }
  return undefined;
}

/**
 * `data:<mime>[;base64],...` whose mime equals the declared one and is an allowlisted media type
 * of the expected kind. Parsed from the WHATWG-serialized href, so odd spacing or case cannot
 * smuggle a different type past the check.
 */
function dataMediaOk(href: string, declared: string, kind: 'image' | 'audio' | 'video'): boolean {
  const comma = href.indexOf(',');
  if (comma < 0) return false;
  const header = href.slice('data:'.length, comma);
  const parts = header.split(';');
  const mime = essence(parts[0] ?? '');
  const params = parts.slice(1).map((p) => p.trim().toLowerCase());
  if (params.some((p) => p !== 'base64' && !/^charset=[a-z0-9._-]+$/.test(p) && p !== 'utf8')) return false;
  return mime === essence(declared) && mediaKind(mime) === kind;
}

/**
 * The host's URL allowlist. Every `href` and `src` the view renders goes through it, after
 * WHATWG `new URL` parsing (Lit itself sanitizes nothing: `href=${'javascript:…'}` would run).
 */
export function createUrlPolicy(options: UrlPolicyOptions = {}): UrlPolicy {
  const linkSchemes = new Set((options.linkSchemes ?? ['http:', 'https:', 'mailto:']).map((s) => s.toLowerCase()));
  // SECURITY: no remote media unless the host names origins: a model-chosen src is egress.
  const mediaOrigins = options.mediaOrigins ?? [];
  return {
    linkHref(url) {
      const parsed = parse(url);
      // SECURITY: only allowlisted schemes, never script-capable ones, whatever the host configured.
      if (!parsed || NEVER_LINK.has(parsed.protocol) || !linkSchemes.has(parsed.protocol)) return undefined;
      // SECURITY: a URL with userinfo (credentials, or a trusted name before `@`) is never a link.
      if (urlCredentials(url) !== undefined) return undefined;
      if ((parsed.protocol === 'http:' || parsed.protocol === 'https:') && parsed.hostname === '') return undefined;
      return parsed.href;
    },
    mediaSrc(url, mimeType) {
      const kind = mediaKind(mimeType);
      const parsed = parse(url);
      // SECURITY: media must be a declared, allowlisted mime type; data: only when its own type matches it.
      if (!kind || !parsed) return undefined;
      if (parsed.protocol === 'data:') return dataMediaOk(parsed.href, mimeType, kind) ? parsed.href : undefined;
      if (parsed.protocol !== 'https:' || parsed.hostname === '') return undefined;
      // SECURITY: media requests never carry credentials the program chose.
      if (urlCredentials(url) !== undefined) return undefined;
      if (mediaOrigins === 'https' || mediaOrigins.includes(parsed.origin)) return parsed.href;
      return undefined;
    },
  };
}
