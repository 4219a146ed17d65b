import { unsafeStatic } from 'lit/static-html.js';
import { BUILTIN_STRUCTURE } from '../../core/vocabulary/structure.generated.ts';
import { ELEMENT_TAGS } from './define-element.ts';

/**
 * Built-in types whose element module has not loaded yet (issue 43 item 4): their tag is known at
 * once, so they validate and render in place like any other, and the module defining them is
 * requested the first time one of them renders. Until it arrives the tag is an undefined custom
 * element holding the properties Lit set on it; the module's `customElements.define` then upgrades
 * every such element where it stands, and Lit's upgrade keeps those properties, so the element
 * renders its particle without the view doing anything more (a test: e2e/elements-on-first-use.spec.ts).
 */
const pending = new Set<string>();
let loading: Promise<void> | undefined;

/**
 * Give every built-in type that no eagerly loaded module defined its tag, `suip-<type>` (the name
 * each element module defines), and leave its definition to `loadFirstUseElements`.
 */
export function deferUndefinedElements(): void {
  for (const { type } of BUILTIN_STRUCTURE) {
    if (ELEMENT_TAGS.has(type)) continue;
    ELEMENT_TAGS.set(type, unsafeStatic(`suip-${type}`));
    pending.add(type);
  }
}

/** Whether `type`'s element is still to load; the first such render starts the load. */
export function awaitsFirstUse(type: string): boolean {
  if (!pending.has(type)) return false;
  void loadFirstUseElements().catch(() => undefined);
  return true;
}

/**
 * The module of the elements left to first use: a same-origin module chunk like the markdown
 * pipeline's, so a strict host CSP (`script-src 'self'`) allows it. Loaded once; a failed load is
 * said on the console and retried by the next render of such an element (its parent's next update).
 */
export function loadFirstUseElements(): Promise<void> {
  loading ??= import('./elements/first-use-elements.ts').then(
    () => {
      // Each type's module must have defined the tag given above; one that did not would stay blank.
      for (const type of pending)
        if (customElements.get(`suip-${type}`) === undefined)
          console.error(`suip: the element of '${type}' was not defined as <suip-${type}> by its module`);
      pending.clear();
    },
    (error: unknown) => {
      loading = undefined;
      console.error('suip: the vocabulary elements could not be loaded; the next render retries', error);
      throw error;
    },
  );
  return loading;
}
