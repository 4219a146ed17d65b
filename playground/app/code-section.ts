import { html } from 'lit';
import type { LlmPanelHost } from '../llm/pg-llm-panel.ts';
import type { PlaygroundHost, SlotId } from './playground-host.ts';

/** What the code column shows and what its controls do (the app's state and actions). */
export interface CodeSectionView {
  host: PlaygroundHost;
  /** The slots the mode runs; with more than one (`split`), a tab per slot picks the edited one. */
  slots: readonly SlotId[];
  split: boolean;
  slot: SlotId;
  /** The edited slot's code. */
  code: string;
  streaming: boolean;
  codeShown: boolean;
  revision: number;
  llmHost: LlmPanelHost;
  /** A slot's tab label: its example's title, or 'custom'. */
  titleOf(slot: SlotId): string;
  selectSlot(slot: SlotId): void;
  setCode(code: string): void;
  run(): void;
  gotoLine(line: number): void;
}

/** The code column: the slot tabs, the editor, its error list, the model and GenUI panels. */
export function renderCodeSection(view: CodeSectionView) {
  return html`
<section class="code" aria-label="Editor" ?hidden=${!view.codeShown}>
  ${
    view.split
      ? html`<div class="slots" role="tablist" aria-label="Generators">
        ${view.slots.map(
          (
            slot,
          ) => html`<button type="button" role="tab" data-slot=${slot} aria-selected=${slot === view.slot} @click=${() => view.selectSlot(slot)}>
          <span class="dot status-${view.host.status.get(slot)}" title=${view.host.status.get(slot) ?? ''}></span>${slot} · ${view.titleOf(slot)}
          <span class="status" data-testid="status-${slot}">${view.host.status.get(slot)}</span>
        </button>`,
        )}
      </div>`
      : ''
  }
  <pg-code-editor
    .value=${view.code}
    ?read-only=${view.streaming}
    label=${view.split ? `Code of the ${view.slot} generator` : 'Program code'}
    @code-input=${(e: CustomEvent<string>) => view.setCode(e.detail)}
    @run=${view.run}
  ></pg-code-editor>
  <pg-error-list data-testid="errors" @goto-line=${(e: CustomEvent<number>) => view.gotoLine(e.detail)} .errors=${[...(view.host.errors.get(view.slot) ?? [])]} .revision=${view.revision}></pg-error-list>
  <details class="llm">
    <summary>Generate with a model <span class="hint">built-in demo, or any OpenAI-compatible endpoint</span></summary>
    <pg-llm-panel .host=${view.llmHost}></pg-llm-panel>
  </details>
  <details class="genui"><summary>GenUI server (seed 000: POST /genUI)</summary><pg-genui-panel></pg-genui-panel></details>
</section>
  `;
}
