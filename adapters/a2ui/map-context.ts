import type { ModelGroup, ModelParticle } from '../../generator/kit.ts';
import type { A2uiLimits } from './limits.ts';
import type { Scope } from './resolve.ts';
import type { A2uiComponent, Surface } from './surface.ts';

/** A child component still to be translated, and the children array it lands in. */
export interface Slot {
  /** The suip child id (the component id, or the item key inside a template). */
  id: string;
  componentId: string;
  /** The data scope pointer of the child (`/items/2` inside a template). */
  scope: string;
  into: Array<readonly [string, ModelParticle]>;
}

/** What the bridge does when the user acts on a translated component. */
export interface BridgeEvents {
  /** Two-way binding: writes the model at an absolute pointer, then re-renders the surface. */
  write(pointer: string, value: unknown): void;
  /** A Button's action (server event or local function call), resolved in `scope`. */
  action(component: A2uiComponent, scope: Scope): void;
  /** Opens or closes the dialog of the Modal rendered at `key`. */
  modal(key: string, open: boolean): void;
}

/** Everything one component's mapping needs. */
export interface MapContext {
  component: A2uiComponent;
  surface: Surface;
  scope: Scope;
  /** The instance's suip path, joined; unique per rendered instance (templates repeat ids). */
  key: string;
  limits: A2uiLimits;
  events: BridgeEvents;
  /** Reports a problem at `<component.at>/<prop>`; translation goes on with a fallback. */
  issue(prop: string, message: string, code?: string): void;
  /** The readable text of a component subtree (a Button's label), bounded. */
  labelOf(componentId: string, scopePath: string): string;
  /** Resolves a prop to a string, reporting errors and returning "" on failure. */
  str(prop: string, fallback?: string): string;
  /** Resolves a raw dynamic value found at `prop` (a nested path like `tabs/0/title`) to a string. */
  strOf(raw: unknown, prop: string): string;
  /** Resolves a prop to any value, reporting errors and returning undefined on failure. */
  value(prop: string): unknown;
  /**
   * The heading level to render for an A2UI `h1`..`h5`, in document order: shifted so the surface's
   * top heading sits at the host's level, and never more than one below the previous heading
   * (axe heading-order), keeping the agent's relative structure.
   */
  heading(level: number): number;
  /** The children slots for a ChildList prop (static ids or a keyed template). */
  childList(prop: string, into: Array<readonly [string, ModelParticle]>): Slot[];
}

/** A mapping's result: the particle and the slots its children fill later (iteratively). */
export interface Mapped {
  particle: ModelParticle;
  slots: Slot[];
}

/** A typed group with a mutable children array the walk appends to. */
export function typed(
  type: string | null,
  children: Array<readonly [string, ModelParticle]> = [],
  on?: ModelGroup['on'],
): ModelGroup {
  const g: ModelGroup = { group: children };
  if (type !== null) g.type = type;
  if (on !== undefined) g.on = on;
  return g;
}
