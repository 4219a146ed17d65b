import type { WidgetComponent } from '../../../shared/neighbours/canvas/ops.ts';
import { CANVAS_LIMITS } from '../../../shared/neighbours/canvas/limits.ts';
import { WIDGET_SHELL_SOURCE } from './shell-source.generated.ts';

/**
 * The program of one custom-widget instance: the widget shell (trusted, ours), then a call that
 * starts it with the definition, the instance's data and the author's `js` inlined as a function
 * body. Nothing is eval'ed: the sandbox forbids it, so the js is part of the program text. If the
 * js escapes its function with a stray `}`, it reaches only its own Worker; if it does not parse,
 * only this instance fails to start. The css is not passed: the host owns presentation.
 */
export function widgetProgram(component: WidgetComponent, data: Record<string, unknown>): string {
  const definition = {
    html: component.html,
    defaults: component.defaults ?? {},
    actions: component.actions ?? [],
    limits: { maxNodes: CANVAS_LIMITS.maxTemplateNodes, maxDepth: CANVAS_LIMITS.maxTemplateDepth },
  };
  const handler =
    component.js === undefined || component.js.trim() === ''
      ? 'undefined'
      : `function (action, payload, data, render, root) {\n${component.js}\n}`;
  return `${WIDGET_SHELL_SOURCE}\nsuipWidgetShell.start(${literal(definition)}, ${literal(data)}, ${handler});\n`;
}

/** A JSON value as a JS literal (JSON is valid JS since ES2019, U+2028/9 included). */
function literal(value: unknown): string {
  return JSON.stringify(value);
}
