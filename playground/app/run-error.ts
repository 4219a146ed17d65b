import { html } from 'lit';
import type { PlaygroundHost, SlotId } from './playground-host.ts';

/**
 * A failed run's error where its UI would be (issue 30: a broken program left an empty box): the
 * first error, how many there are, and where the rest are. Nothing while the slot runs fine.
 */
export function renderRunError(
  host: PlaygroundHost | undefined,
  slot: SlotId,
  split: boolean,
  codeShown: boolean,
  showCode: () => void,
) {
  const failure = host?.failure(slot);
  if (host === undefined || failure === undefined || host.status.get(slot) === 'starting') return '';
  const errors = host.errors.get(slot) ?? [];
  const first = errors[0]?.message ?? failure;
  return html`<div class="run-error" role="alert" data-testid="run-error-${slot}">
    <strong>${split ? `The ${slot} program` : 'The program'} failed${errors.length > 1 ? ` (${errors.length} errors)` : ''}.</strong>
    <span class="message">${first}</span>
    <span class="hint">${codeShown ? 'Every error, with its line, is listed under the code.' : html`<button type="button" @click=${showCode}>Show the code and its errors</button>`}</span>
  </div>`;
}
