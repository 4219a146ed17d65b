import type { EventName, EventPayload } from '../../shared/index.ts';

/**
 * A user event, after the host has already applied `preventDefault` synchronously. `path` is
 * absolute in the merged tree: its first id is the generator's mount id.
 */
export interface ViewEvent {
  path: readonly string[];
  event: EventName;
  handler: string;
  payload: EventPayload;
  /** `KeyboardEvent.key` for keydown. */
  key?: string;
}

/** URL decisions the view asks the host's policy for; every href/src goes through one of these. */
export interface UrlPolicy {
  /** A safe href for a link, or undefined to render the link as plain text. */
  linkHref(url: string): string | undefined;
  /** A safe src for media of the declared mime type, or undefined to render a fallback. */
  mediaSrc(url: string, mimeType: string): string | undefined;
}

/** What every view element receives from the renderer: where to send events and the policy. */
export interface ViewContext {
  emit(event: ViewEvent): void;
  policy: UrlPolicy;
}
