/**
 * Host policy: the URL allowlist, media mime rules and the markdown pipeline (loaded on first use;
 * `markdown-pipeline.ts`).
 */
export { createUrlPolicy } from '../../core/policy/url-policy.ts';
export type { UrlPolicyOptions } from '../../core/policy/url-policy.ts';
export { MEDIA_MIME_TYPES, mediaKind, essence, describeMime } from '../../core/policy/mime.ts';
export { plainParagraph, plainHeading, markdownPipeline, loadMarkdownPipeline } from './markdown.ts';
