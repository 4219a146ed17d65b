import type { UrlPolicy } from '../view/view-context.ts';
import { essence, mediaKind } from './mime.ts';

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
      if (mediaOrigins === 'https' || mediaOrigins.includes(parsed.origin)) return parsed.href;
      return undefined;
    },
  };
}
