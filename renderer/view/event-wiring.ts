import type { ReactiveController } from 'lit';
import {
  EVENT_NAMES,
  type EventHandler,
  type EventName,
  type EventPayload,
  type GroupParticle,
} from '../../shared/index.ts';
import { pendingInputsOf } from './pending-input.ts';
import type { ViewContext } from './view-context.ts';

/** What the wiring needs from the element it serves. */
export interface WiredElement extends HTMLElement {
  particle: GroupParticle;
  path: readonly string[];
  context: ViewContext;
  addController(controller: ReactiveController): void;
  /** Whether this element reports a DOM event (e.g. a checkbox ignores the click on its label). */
  acceptsEvent(name: EventName, source: EventTarget | undefined): boolean;
  /** The `value` and `checked` payloads for an event whose innermost target was `source`. */
  eventValue(source: EventTarget | undefined): string;
  eventChecked(source: EventTarget | undefined): boolean;
  /** Every form entry of the element's subtree. */
  collectFormData(): [string, string][];
}

/**
 * DOM events → `suip/event`, as a Lit ReactiveController: listens on the element's render root,
 * reports an event only for the innermost group element it passed through, applies
 * `preventDefault` synchronously (no peer could across the port), filters keys, debounces input
 * per view and builds the value / checked / formData payload the handler asked for.
 */
export class EventWiring implements ReactiveController {
  constructor(
    private readonly host: WiredElement,
    /** The innermost wired element an event passed through. */
    private readonly ownerOf: (event: Event) => HTMLElement | undefined,
  ) {
    host.addController(this);
  }

  hostConnected(): void {}

  /** Start listening on the element's render root (called once, when it is created). */
  listen(root: HTMLElement | DocumentFragment): void {
    for (const name of EVENT_NAMES) root.addEventListener(name, this.onDomEvent);
  }

  /**
   * Send a `suip/event` for the group's handler of `name` (no-op without a handler). `declined`
   * marks the user saying no (Escape, a modal's cancel): it reaches the program but is no activation.
   */
  emit(name: EventName, source?: EventTarget, key?: string, declined = false): void {
    const handler = this.handlerFor(name);
    const { context } = this.host;
    if (!handler || !context) return;
    const send = () => {
      const payload = this.payload(handler, source);
      context.emit({
        path: this.host.path ?? [],
        event: name,
        handler: handler.handler,
        payload,
        ...(key === undefined ? {} : { key }),
        ...(declined || key === 'Escape' ? { declined: true as const } : {}),
      });
    };
    const inputs = pendingInputsOf(context);
    if (name === 'input') {
      inputs.debounce(this.host, send);
      return;
    }
    inputs.flush();
    send();
  }

  private handlerFor(name: EventName): EventHandler | undefined {
    const on = this.host.particle?.on;
    return on && Object.hasOwn(on, name) ? on[name] : undefined;
  }

  private payload(handler: EventHandler, source: EventTarget | undefined): EventPayload {
    switch (handler.data) {
      case 'value':
        return { value: this.host.eventValue(source) };
      case 'checked':
        return { checked: this.host.eventChecked(source) };
      case 'formData':
        return { formData: this.host.collectFormData() };
      default:
        return null;
    }
  }

  private onDomEvent = (event: Event): void => {
    const name = event.type as EventName;
    // SECURITY: a form inside the renderer never navigates the host page, handler or not.
    if (name === 'submit') event.preventDefault();
    const handler = this.handlerFor(name);
    // `submit` is not composed: its path ends at this shadow root, so the owner is the root's host
    // (a light-DOM group listens on itself, which its own path holds).
    const root = event.currentTarget;
    const owner = this.ownerOf(event) ?? (root instanceof ShadowRoot ? (root.host as HTMLElement) : undefined);
    if (!handler || owner !== this.host) return;
    const source = event.composedPath()[0];
    if (!this.host.acceptsEvent(name, source)) return;
    let key: string | undefined;
    if (name === 'keydown') {
      key = (event as KeyboardEvent).key;
      if (handler.keys && !handler.keys.includes(key)) return;
    }
    // preventDefault must happen now, inside the DOM listener: no peer can do it across the port.
    if (handler.preventDefault) event.preventDefault();
    this.emit(name, source, key);
  };
}
