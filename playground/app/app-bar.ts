import { html } from 'lit';
import { A2UI_EXAMPLES, EXAMPLES } from '../../examples/index.ts';
import { glyph } from './glyph.ts';
import { playgroundModes, type PlaygroundMode } from './modes.ts';
import type { ThemeChoice, ThemeController } from './theme.ts';

/** What the playground's toolbar shows and what its controls do (the app's state and actions). */
export interface AppBarView {
  mode: PlaygroundMode;
  /** The selected slot's example id ('' for the user's own code). */
  exampleId: string;
  streaming: boolean;
  codeShown: boolean;
  theme: ThemeController | undefined;
  setMode(id: string): void;
  loadExample(id: string): void;
  run(): void;
  stop(): void;
  reset(): void;
  toggleCode(): void;
  setTheme(choice: ThemeChoice): void;
  share(): void;
}

/** The toolbar: title, mode switch, example menu, the program's and the view's buttons. */
export function renderAppBar(view: AppBarView) {
  const theme = view.theme;
  return html`
<div class="bar">
  <h1>suip <span>playground</span></h1>
  <div class="modes" role="radiogroup" aria-label="Mode">
    ${playgroundModes().map((m) => html`<label class="mode" title=${m.description}><input type="radio" name="mode" value=${m.id} .checked=${m.id === view.mode.id} @change=${() => view.setMode(m.id)} />${m.label}</label>`)}
  </div>
  <label class="examples"><span class="label-text">Example</span>
    <select aria-label="Examples" @change=${(e: Event) => view.loadExample((e.target as HTMLSelectElement).value)} .value=${view.exampleId}>
      <option value="" ?selected=${view.exampleId === ''}>— your own code —</option>
      <optgroup label="suip programs">
        ${EXAMPLES.map((ex) => html`<option value=${ex.id} title=${ex.summary} ?selected=${ex.id === view.exampleId}>${ex.title}</option>`)}
      </optgroup>
      <optgroup label="A2UI agent streams (v0.9, through the A2UI bridge)">
        ${A2UI_EXAMPLES.map((ex) => html`<option value=${ex.id} title=${ex.summary} ?selected=${ex.id === view.exampleId}>A2UI · ${ex.title}</option>`)}
      </optgroup>
    </select>
  </label>
  <div class="actions" role="group" aria-label="Program">
    <button type="button" class="primary" @click=${() => view.run()} ?disabled=${view.streaming} title="Run (Ctrl+Enter in the editor)">${glyph('M6 4l14 8-14 8z')}Run</button>
    <button type="button" @click=${() => view.stop()}>${glyph('M6 6h12v12H6z')}Stop</button>
    <button type="button" @click=${view.reset}>${glyph('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5')}Reset</button>
  </div>
  <div class="actions end" role="group" aria-label="View">
    <button type="button" aria-pressed=${view.codeShown ? 'true' : 'false'} @click=${view.toggleCode}>${glyph('M16 18l6-6-6-6M8 6l-6 6 6 6')}Code</button>
    ${
      theme === undefined
        ? ''
        : html`<label class="theme"><span class="label-text">Theme</span><select aria-label="Theme" @change=${(e: Event) => view.setTheme((e.target as HTMLSelectElement).value as ThemeChoice)}>
          ${(['auto', 'light', 'dark'] as const).map((choice) => html`<option value=${choice} ?selected=${choice === theme.choice}>${{ auto: 'System', light: 'Light', dark: 'Dark' }[choice]}</option>`)}
        </select></label>`
    }
    <button type="button" @click=${view.share} title="Copy a link that reproduces this run">${glyph('M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13')}Share</button>
  </div>
</div>
  `;
}
