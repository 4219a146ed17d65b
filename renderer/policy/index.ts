/** Host policy: the URL allowlist, media mime rules and the markdown pipeline. */
export { createUrlPolicy } from './url-policy.ts';
export type { UrlPolicyOptions } from './url-policy.ts';
export { MEDIA_MIME_TYPES, mediaKind, essence, describeMime } from './mime.ts';
export { createMarkdown, renderMarkdown, plainParagraph } from './markdown.ts';
