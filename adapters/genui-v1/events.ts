import type { EventName } from '../../shared/index.ts';
import type { HandlerEvent } from '../../generator/kit.ts';
import type { UiEvent } from '../../shared/neighbours/genui-v1/schemas.ts';

/**
 * suip events → GenUI `UiEvent`s. A binding says which suip event of a widget is heard, what the
 * renderer sends with it, and how it reads as a UiEvent: `eventType`, `isAction` (an action sends
 * the next POST; anything else only joins the conversation) and the `value`.
 */
export interface EventBinding {
  widgetId: string;
  /** The widget's name in the catalog (`button`, `ElevatedButton`, …). */
  widgetName: string;
  suipEvent: EventName;
  data: 'none' | 'value' | 'checked' | 'formData';
  eventType: string;
  isAction: boolean;
  /** The UiEvent's value from the suip event (absent = no value). */
  value?(event: HandlerEvent): unknown;
}

const FLUTTER = new Set(['ElevatedButton', 'TextField', 'CheckboxGroup', 'RadioGroup']);
const CHANGED_VALUE = new Set(['text-field', 'text-area', 'choice', 'multi-choice', 'slider', 'date-field']);

/**
 * The events a widget of suip type `type` reports (the table of §3.2): button click → action
 * (`onPressed` for ElevatedButton, `click` otherwise); form submit → action with the form's
 * fields; field changes (`onChanged` for flutter names, `change` otherwise) and checkbox/toggle
 * changes (value = checked) are not actions; a modal's close (Escape or its Close button) is a
 * `close` event, not an action — the renderer refuses a modal nobody listens to (its dismissal
 * would go unheard), so every modal on a surface reports it.
 */
export function bindingsFor(widgetName: string, type: string, widgetId: string): EventBinding[] {
  const flutter = FLUTTER.has(widgetName);
  const base = { widgetId, widgetName };
  if (type === 'button')
    return [{ ...base, suipEvent: 'click', data: 'none', eventType: flutter ? 'onPressed' : 'click', isAction: true }];
  if (type === 'form')
    return [
      {
        ...base,
        suipEvent: 'submit',
        data: 'formData',
        eventType: 'submit',
        isAction: true,
        value: (e) => ({ ...(e.formData ?? {}) }),
      },
    ];
  if (type === 'checkbox' || type === 'toggle')
    return [
      {
        ...base,
        suipEvent: 'change',
        data: 'checked',
        eventType: flutter ? 'onChanged' : 'change',
        isAction: false,
        value: (e) => e.checked === true,
      },
    ];
  if (type === 'modal') return [{ ...base, suipEvent: 'click', data: 'none', eventType: 'close', isAction: false }];
  if (CHANGED_VALUE.has(type))
    return [
      {
        ...base,
        suipEvent: 'change',
        data: 'value',
        eventType: flutter ? 'onChanged' : 'change',
        isAction: false,
        value: (e) => e.value ?? '',
      },
    ];
  return [];
}

/** The UiEvent for one suip event on a surface. */
export function toUiEvent(
  surfaceId: string,
  binding: EventBinding,
  event: HandlerEvent,
  now: Date = new Date(),
): UiEvent {
  const ui: UiEvent = {
    surfaceId,
    widgetId: binding.widgetId,
    eventType: binding.eventType,
    isAction: binding.isAction,
    timestamp: now.toISOString(),
  };
  if (binding.value !== undefined) ui.value = binding.value(event);
  return ui;
}
