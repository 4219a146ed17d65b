import type { StaticValue } from 'lit/static-html.js';
import type { EventName, EventPayload, GroupParticle } from '../../shared/index.ts';
import type { BuildBudget } from './build-budget.ts';

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

/**
 * What only the host may grant a program's UI (renderer/policy/host-policy.ts decides). Every
 * vocabulary element asks here before it leaves the renderer's box or moves focus, so the rule is
 * one place for every type, present and future.
 */
export interface ViewGrants {
  /** May the modal at `path` open in the page's top layer (over the whole host page)? */
  pageModal(path: readonly string[]): boolean;
  /** The user dismissed the modal at `path` (Escape or Close): its program may open no other. */
  modalDismissed(path: readonly string[]): void;
  /** May the element at `path` move focus now (only right after a user action in its program's UI)? */
  moveFocus(path: readonly string[]): boolean;
}

/** Nesting (the `slot` type): which mount a slot may show, and who to tell when mounts change. */
export interface ViewSlots {
  /** The subtree of `mount` if the slot at `path` may show it (the host's `slotOf`, first slot wins). */
  resolve(path: readonly string[], mount: string): GroupParticle | undefined;
  /** True for a mount shown only inside slots (never at the root of the tree). */
  nested(mount: string): boolean;
  /** A slot element is on screen: it re-renders when any mount changes. */
  watch(element: { requestUpdate(): void }): void;
  unwatch(element: { requestUpdate(): void }): void;
}

/** What every view element receives from the renderer: where to send events and the policy. */
export interface ViewContext {
  emit(event: ViewEvent): void;
  policy: UrlPolicy;
  /** What the host grants; absent means nothing (modals stay in the box, focus never moves). */
  grants?: ViewGrants;
  /** A host-controlled label shown above all generated content, which no program can cover. */
  provenance?: string;
  /** Nesting of mounts; absent means no slot shows anything. */
  slots?: ViewSlots;
  /** Elements of the host's own vocabulary types (RendererOptions.components), by type. */
  tags?: ReadonlyMap<string, StaticValue>;
  /** How many new elements a task may build; absent means no limit (everything at once). */
  budget?: BuildBudget;
}
