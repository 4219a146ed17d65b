import type { ModelParticle } from '../../../generator/kit.ts';
import type { SuipApi } from '../../../generator/runtime/suip-api.ts';
import { mapHtml } from './html-map.ts';
import { parseHtml } from './html-tree.ts';
import { parseTemplate, renderTemplate } from './template.ts';

/**
 * The custom-widget shell (runs INSIDE each instance's sandbox Worker, bundled as one script by
 * build-shell.ts). It holds the widget's data, re-renders its template into particles on
 * `render()`, runs the author's handler on every action (fresh call, locals do not persist, as in
 * the seed; `root` is null: there is no DOM here), and only when the handler does not return true
 * sends `suip/output('widget-action')` to the host. Patches from the agent arrive as `suip/input`.
 */

/** The define's parts the shell needs (css is dropped by the host). */
export interface ShellDefinition {
  html: string;
  defaults?: Record<string, unknown>;
  actions?: Array<{ name: string; emits?: string }>;
  limits: { maxNodes: number; maxDepth: number };
}

/** The author's handler: `function(action, payload, data, render, root)`. */
export type WidgetHandler = (
  action: string,
  payload: Record<string, unknown>,
  data: Record<string, unknown>,
  render: () => void,
  root: null,
) => unknown;

declare const suip: SuipApi;

const clone = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (JSON.parse(JSON.stringify(value)) as Record<string, unknown>)
    : {};

/** Start the widget: first render now, then on every action, patch and `render()` call. */
export function start(
  definition: ShellDefinition,
  initial: Record<string, unknown>,
  handler: WidgetHandler | undefined,
): void {
  let template: ReturnType<typeof parseTemplate>;
  let lastProblem: string | undefined;
  /**
   * Shows a failure in the widget's place and tells the host (once per distinct message: a widget
   * failing on every patch reports once).
   */
  const fail = (error: unknown): ModelParticle => {
    const message = `the widget cannot render: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500);
    if (message !== lastProblem) suip.output('widget-error', { message });
    lastProblem = message;
    return problem(error);
  };
  try {
    template = parseTemplate(definition.html);
  } catch (error) {
    void suip.render(fail(error));
    return;
  }
  let data: Record<string, unknown> = { ...clone(definition.defaults), ...clone(initial) };
  let picked: string | undefined;
  let scheduled = false;
  const emits = new Map((definition.actions ?? []).map((a) => [a.name, a.emits ?? a.name]));
  const hooks = {
    dispatch(action: string, payload: Record<string, unknown>) {
      let handled: unknown;
      try {
        handled = handler?.(action, payload, data, render, null);
      } catch (error) {
        suip.output('widget-error', {
          message:
            `the widget's js threw on "${action}": ${error instanceof Error ? error.message : String(error)}`.slice(
              0,
              500,
            ),
        });
      }
      if (handled !== true) suip.output('widget-action', { action, payload });
      render();
    },
    picked: () => picked,
    pick(id: string | undefined) {
      picked = id;
      render();
    },
    emits: (name: string) => emits.get(name) ?? name,
  };
  function render(): void {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => {
      scheduled = false;
      let tree: ModelParticle;
      try {
        tree = mapHtml(parseHtml(renderTemplate(template, data), definition.limits), hooks);
        lastProblem = undefined;
      } catch (error) {
        tree = fail(error);
      }
      void suip.render(tree);
    });
  }
  suip.onInput('patch', (value) => {
    data = { ...data, ...clone(value) };
    render();
  });
  suip.onInput('replace', (value) => {
    data = { ...clone(definition.defaults), ...clone(value) };
    render();
  });
  render();
}

function problem(error: unknown): ModelParticle {
  const message = error instanceof Error ? error.message : String(error);
  return {
    group: [
      ['tone', { text: 'error', mimeType: 'text/plain' }],
      ['title', { text: 'This widget cannot render', mimeType: 'text/plain' }],
      ['message', { text: message.slice(0, 500), mimeType: 'text/plain' }],
    ],
    type: 'alert',
  };
}
