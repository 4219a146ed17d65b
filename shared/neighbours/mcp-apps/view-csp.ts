/**
 * The Content-Security-Policy of an MCP App view in a suip host, built from the resource's declared
 * `_meta.ui.csp` (spec: `connectDomains`, `resourceDomains`, `frameDomains`, `baseUriDomains`).
 * Nothing undeclared is allowed: no `'self'` (the sandbox origin serves nothing the view needs),
 * no `'unsafe-eval'`, no forms. Inline scripts and styles and `blob:` Workers are allowed, as the
 * spec's views are single inline documents and suip's own view runs its program in a blob Worker.
 */

/** A resource's declared CSP (`McpUiResourceCsp`), as untrusted input. */
export interface DeclaredCsp {
  connectDomains?: unknown;
  resourceDomains?: unknown;
  frameDomains?: unknown;
  baseUriDomains?: unknown;
}

/** At most this many origins per directive are taken from a resource. */
export const MAX_CSP_ORIGINS = 32;

/**
 * Keeps only entries that are one origin (`https://host[:port]`, `wss://…`, with an optional
 * leading `*.` label): anything with spaces, quotes, semicolons or a path could add a source
 * keyword or a directive.
 */
export function cspOrigins(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const out: string[] = [];
  for (const entry of list.slice(0, MAX_CSP_ORIGINS)) {
    // SECURITY: exactly scheme://host[:port], so no entry can smuggle 'unsafe-eval', '*' or a new directive.
    if (typeof entry === 'string' && /^(https?|wss?):\/\/(\*\.)?[A-Za-z0-9.-]+(:\d{1,5})?$/.test(entry))
      out.push(entry);
  }
  return out;
}

/** The CSP header value for a view that declared `csp` (undefined or junk: the strictest policy). */
export function viewCsp(csp: DeclaredCsp | undefined): string {
  const resources = cspOrigins(csp?.resourceDomains).join(' ');
  const connect = cspOrigins(csp?.connectDomains).join(' ') || "'none'";
  const frames = cspOrigins(csp?.frameDomains).join(' ') || "'none'";
  const base = cspOrigins(csp?.baseUriDomains).join(' ') || "'none'";
  const withResources = (first: string) => `${first} ${resources}`.trim();
  return [
    "default-src 'none'",
    `script-src ${withResources("'unsafe-inline' blob:")}`,
    `style-src ${withResources("'unsafe-inline'")}`,
    `img-src ${withResources('data: blob:')}`,
    `font-src ${withResources('data:')}`,
    `media-src ${withResources('data: blob:')}`,
    `connect-src ${connect}`,
    'worker-src blob:',
    `frame-src ${frames}`,
    "object-src 'none'",
    `base-uri ${base}`,
    "form-action 'none'",
  ].join('; ');
}
