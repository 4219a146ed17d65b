import type { UrlPolicy, ViewContext } from './view-context.ts';

const quoted = (url: string): string => JSON.stringify(url.length > 80 ? `${url.slice(0, 80)}…` : url);

/**
 * The URL policy for the element at `path`: the host's decision, and every refusal reported to
 * the program through `context.refuse` with what was shown instead and the fix. Every href and
 * src of the view goes through here (refusals.test.ts checks no element reads `context.policy`),
 * so a refused URL can never be silent.
 */
export function policyAt(context: ViewContext, path: readonly string[]): UrlPolicy {
  const { policy } = context;
  return {
    linkHref(url) {
      const href = policy.linkHref(url);
      if (href === undefined) {
        context.refuse?.(
          path,
          'link',
          `the link ${quoted(String(url))} was shown as plain text: the host's policy refuses its URL`,
          'link to an absolute https: URL (javascript:, data: and relative URLs are never links)',
        );
      }
      return href;
    },
    mediaSrc(url, mimeType) {
      const src = policy.mediaSrc(url, mimeType);
      if (src === undefined) {
        context.refuse?.(
          path,
          'media',
          `the ${String(mimeType).slice(0, 40)} source ${quoted(String(url))} was replaced by a note: this ` +
            `host loads media only from data: URLs and the origins it trusts (hostPolicy.mediaOrigins)`,
          'embed the media as a data: URL, or show a link to it instead',
        );
      }
      return src;
    },
  };
}
