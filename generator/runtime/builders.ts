import type { EventHandler, EventName, Particle } from '../../shared/index.ts';
import { checkChildren, checkOptions } from './model-check.ts';

/** What a handler function receives when the user acts on its group. */
export interface HandlerEvent {
  /** The DOM event name: click, input, change, submit or keydown. */
  event: EventName;
  /** Ids from the generator root to the group that handled the event. */
  path: string[];
  /** The control's value, when the handler asked for `data: "value"`. */
  value?: string;
  /** The checkbox state, when the handler asked for `data: "checked"`. */
  checked?: boolean;
  /** The form's fields, when the handler asked for `data: "formData"`. */
  formData?: Record<string, string>;
  /** `KeyboardEvent.key` for keydown. */
  key?: string;
}

/** A plain function the model writes; it runs in the Worker when the event arrives. */
export type HandlerFunction = (event: HandlerEvent) => unknown;

/** A handler as the model writes it: a function, or a function with the host-side options. */
export type HandlerSpec = HandlerFunction | (Omit<EventHandler, 'handler'> & { handler: HandlerFunction | string });

/** A group as the model builds it: like the wire group, but `on` may hold functions. */
export interface ModelGroup {
  group: Array<readonly [string, ModelParticle]>;
  type?: string;
  on?: Partial<Record<EventName, HandlerSpec>>;
}

/** A particle as the model builds it; `toWire` turns it into a wire particle. */
export type ModelParticle = Exclude<Particle, { group: unknown }> | ModelGroup;

/** Options of `group()`. */
export interface GroupOptions {
  on?: Partial<Record<EventName, HandlerSpec>>;
}

/** A text particle; `mimeType` defaults to text/markdown on the wire. */
export function text(value: string, mimeType?: string): ModelParticle {
  return mimeType === undefined ? { text: String(value) } : { text: String(value), mimeType };
}

/** A data particle: a URL or data: URI with its mime type (the host decides whether to show it). */
export function data(url: string, mimeType: string): ModelParticle {
  return { data: String(url), mimeType };
}

/** A child as a program writes it: a particle, or a plain string (shorthand for plain text). */
export type ModelChild = ModelParticle | string;

/**
 * A group: `type` from the host's vocabulary (or null for a plain group), children as ordered
 * `[id, particle]` entries (a plain string is plain text: `["label", "Save"]`), and optional
 * event handlers as plain functions. A malformed argument throws a `ProgramError` that shows the fix.
 */
export function group(
  type: string | null | undefined,
  children: ReadonlyArray<readonly [string, ModelChild]> = [],
  options: GroupOptions = {},
): ModelParticle {
  checkOptions(type, options);
  const result: ModelGroup = { group: checkChildren(type, children) };
  if (typeof type === 'string') result.type = type;
  if (options.on !== undefined) result.on = options.on;
  return result;
}
