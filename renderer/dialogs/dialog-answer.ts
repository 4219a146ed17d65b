import type { DialogResult } from '../../shared/dialog.ts';
import { element } from './dialog-element.ts';
import type { HostDialogParams } from './dialog-view.ts';

/** The part of a dialog the user answers with, by kind: its controls and how the answer is read from them. */
export interface DialogAnswer {
  /** What goes between the question and the buttons (none for a confirm). */
  controls: HTMLElement | undefined;
  /** The control that takes focus when the dialog opens (the primary button when undefined). */
  first: HTMLElement | undefined;
  /** The primary button's label. */
  primaryLabel: string;
  /** The answer as the controls hold it when the user submits. */
  read(): DialogResult;
}

/** The controls for `params.kind`, labelled by the dialog's title (`titleId`). */
export function dialogAnswer(params: HostDialogParams, titleId: string): DialogAnswer {
  if (params.kind === 'confirm') {
    return {
      controls: undefined,
      first: undefined,
      primaryLabel: params.confirmLabel ?? 'Confirm',
      read: () => ({ ok: true }),
    };
  }
  if (params.kind === 'prompt') return promptAnswer(params, titleId);
  return pickAnswer(params, titleId);
}

/** A text field; a secret one is a password field that never shows a default value or gets autofilled. */
function promptAnswer(params: HostDialogParams & { kind: 'prompt' }, titleId: string): DialogAnswer {
  const field =
    params.multiline === true && params.secret !== true
      ? element('textarea', { rows: 4 })
      : element('input', { type: params.secret === true ? 'password' : 'text' });
  field.value = params.secret === true ? '' : (params.defaultValue ?? '');
  if (params.placeholder !== undefined) field.placeholder = params.placeholder;
  field.setAttribute('aria-labelledby', titleId);
  if (params.secret === true) field.autocomplete = 'off';
  return { controls: field, first: field, primaryLabel: 'OK', read: () => ({ value: field.value }) };
}

/** Radio buttons (the first checked) or, with `multiple`, checkboxes: one per item, with its description. */
function pickAnswer(params: HostDialogParams & { kind: 'pick' }, titleId: string): DialogAnswer {
  const set = element('fieldset');
  set.setAttribute('aria-labelledby', titleId);
  const inputs = params.items.map((item, index) => {
    const input = element('input', {
      type: params.multiple === true ? 'checkbox' : 'radio',
      name: 'pick',
      value: item.id,
      checked: params.multiple !== true && index === 0,
    });
    const label = element('label', { className: 'item' }, input, element('span', { textContent: item.label }));
    if (item.description !== undefined)
      label.append(element('span', { className: 'hint', textContent: item.description }));
    set.append(label);
    return input;
  });
  return {
    controls: set,
    first: inputs[0],
    primaryLabel: 'OK',
    read: () => ({ ids: inputs.filter((input) => input.checked).map((input) => input.value) }),
  };
}
