import { LitElement, html, svg, type PropertyDeclarations } from 'lit';
import { A2UI_EXAMPLES, EXAMPLES, findExample } from '../../examples/index.ts';
import { parseFixture } from '../devtools/fixture.ts';
import type { RunOutcome } from '../../generator/model/repair-loop.ts';
import type { LlmPanelHost } from '../llm/pg-llm-panel.ts';
import { SLOTS, type PlaygroundHost, type SlotId } from './playground-host.ts';
import { findMode, playgroundModes } from './modes.ts';
import { readShareState, writeShareState } from './share-state.ts';
import type { ThemeChoice, ThemeController } from './theme.ts';
import { withSampleMedia } from '../a2ui/sample-media.ts';
import type { PgLlmPanel } from '../llm/pg-llm-panel.ts';
import './pg-splitter.ts';
import '../devtools/pg-counters.ts';
import '../devtools/pg-event-log.ts';
import '../devtools/pg-op-log.ts';
import '../devtools/pg-tree-inspector.ts';
import '../editor/pg-code-editor.ts';
import '../llm/pg-llm-panel.ts';
import '../genui/pg-genui-panel.ts';
import './pg-error-list.ts';

type DevtoolsTab = 'ops' | 'tree' | 'events';

/** What the app needs that only the page's entry can give (the renderer's container, the prompt). */
export interface AppWiring {
  host: PlaygroundHost;
  /** The element `createRenderer` mounted into; the app places it in the layout. */
  stage: HTMLElement;
  systemPrompt(): string;
  /** The page's theme; the bar's switch drives it (no switch without it). */
  theme?: ThemeController;
  /**
   * Show a failed program's error in the stage, where its UI would be (default on): without it a
   * program that throws before its first render leaves an empty box and the error only beside the code.
   */
  errorState?: boolean;
}

const DEVTOOLS_KEY = 'suip.playground.devtools';

/**
 * `<pg-app>`: the playground's shell. Two generator slots (left, right) share one renderer; the
 * editor edits the selected slot; the devtools read the host's op log, mirror and errors. Renders
 * into the light DOM so the page stylesheet (`playground.css`) lays it out.
 */
export class PgApp extends LitElement {
  static override properties: PropertyDeclarations = {
    wiring: { attribute: false },
    slot: { state: true },
    codes: { state: true },
    exampleIds: { state: true },
    streaming: { state: true },
    tab: { state: true },
    revision: { state: true },
    notice: { state: true },
    mode: { state: true },
    codeShown: { state: true },
    devtoolsOpen: { state: true },
  };

  declare wiring: AppWiring | undefined;
  declare slot: SlotId;
  declare codes: Record<SlotId, string>;
  declare exampleIds: Record<SlotId, string>;
  declare streaming: boolean;
  declare tab: DevtoolsTab;
  declare revision: number;
  declare notice: string;
  /** The id of the current mode (see `modes.ts`): which slots run and how the stage lays them out. */
  declare mode: string;
  /** Whether the code column is shown (hiding it gives the stage the whole width). */
  declare codeShown: boolean;
  /** Whether the devtools' panels are shown (the counters and tabs always are); remembered per browser. */
  declare devtoolsOpen: boolean;

  constructor() {
    super();
    this.slot = 'left';
    this.exampleIds = { left: DEFAULT_EXAMPLES.left, right: DEFAULT_EXAMPLES.right };
    this.codes = {
      left: findExample(DEFAULT_EXAMPLES.left)?.code ?? '',
      right: findExample(DEFAULT_EXAMPLES.right)?.code ?? '',
    };
    this.mode = 'single';
    this.codeShown = true;
    this.devtoolsOpen = readDevtoolsOpen();
    this.streaming = false;
    this.tab = 'ops';
    this.revision = 0;
    this.notice = '';
  }

  protected override createRenderRoot(): HTMLElement {
    return this;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // The whole playground is the page's main content; the bar inside it is its toolbar.
    this.setAttribute('role', 'main');
    this.wiring?.host.addEventListener('change', this.onHostChange);
    window.addEventListener('hashchange', this.onHashChange);
    // ops/s is a rate over the last second: it must fall back to 0 when traffic stops.
    this.ticker = setInterval(() => (this.revision += 1), 1000);
  }

  private ticker: ReturnType<typeof setInterval> | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.wiring?.host.removeEventListener('change', this.onHostChange);
    window.removeEventListener('hashchange', this.onHashChange);
    clearInterval(this.ticker);
  }

  /** The slots the current mode runs. */
  get activeSlots(): readonly SlotId[] {
    return findMode(this.mode).slots;
  }

  /**
   * Restores what the URL fragment shares (mode, programs, endpoint, devtools tab), then starts
   * the mode's slots (the page's first paint). An old `#left=…&right=…` link opens side by side.
   */
  async start(): Promise<void> {
    const state = await readShareState(location.hash);
    const mode = state.mode ?? (state.slots.right !== undefined ? 'split' : 'single');
    this.mode = findMode(mode).id;
    const exampleIds = { ...this.exampleIds };
    const codes = { ...this.codes };
    for (const slot of SLOTS) {
      const shared = state.slots[slot];
      if (shared === undefined) continue;
      exampleIds[slot] = shared.example ?? '';
      codes[slot] = shared.code ?? exampleCode(shared.example ?? '') ?? '';
    }
    this.exampleIds = exampleIds;
    this.codes = codes;
    if (state.tab === 'ops' || state.tab === 'tree' || state.tab === 'events') {
      // A link that names a devtools tab opens the devtools on it.
      this.tab = state.tab;
      this.devtoolsOpen = true;
    }
    if (state.endpoint !== undefined) {
      await this.updateComplete;
      this.querySelector<PgLlmPanel>('pg-llm-panel')?.useEndpoint(state.endpoint);
    }
    for (const slot of this.activeSlots) await this.runSlot(slot);
  }

  /** A link pasted into this tab (only the fragment changed): open what it shares, like a fresh load. */
  private onHashChange = (): void => {
    const before = this.activeSlots;
    void this.start().then(async () => {
      for (const slot of before) if (!this.activeSlots.includes(slot)) await this.wiring?.host.stop(slot);
    });
  };

  /** Switches mode: slots the new mode does not run stop, the ones it adds start. */
  async setMode(id: string): Promise<void> {
    const next = findMode(id);
    if (next.id === this.mode) return;
    const before = this.activeSlots;
    this.mode = next.id;
    if (!next.slots.includes(this.slot)) this.slot = next.slots[0] ?? 'left';
    for (const slot of before) if (!next.slots.includes(slot)) await this.wiring?.host.stop(slot);
    for (const slot of next.slots) if (!before.includes(slot)) await this.runSlot(slot);
    void this.syncUrl();
  }

  /** The share URL of what runs now (mode, programs, endpoint without its key, devtools tab). */
  async shareUrl(): Promise<string> {
    const slots: Record<string, { example?: string; code?: string }> = {};
    for (const slot of this.activeSlots) {
      const example = this.exampleIds[slot];
      slots[slot] = example ? { example, code: this.codes[slot] } : { code: this.codes[slot] };
    }
    const endpoint = this.querySelector<PgLlmPanel>('pg-llm-panel')?.endpoint;
    const hash = await writeShareState({
      mode: this.mode,
      slots,
      ...(endpoint === undefined ? {} : { endpoint: { baseUrl: endpoint.baseUrl, model: endpoint.model } }),
      ...(this.devtoolsOpen ? { tab: this.tab } : {}),
    });
    return `${location.origin}${location.pathname}${location.search}${hash}`;
  }

  /** Keeps the address bar in step with the run, so copying it shares the run. */
  private async syncUrl(): Promise<void> {
    const url = await this.shareUrl();
    if (url !== location.href) history.replaceState(history.state, '', url);
  }

  private share = async (): Promise<void> => {
    const url = await this.shareUrl();
    history.replaceState(history.state, '', url);
    try {
      await navigator.clipboard.writeText(url);
      this.notice = 'Link copied: it opens this run (mode, programs, endpoint without its key).';
    } catch {
      this.notice = 'The address bar now holds the link to this run: copy it from there.';
    }
  };

  /** Loads an example into a slot and runs it. */
  async loadExample(id: string, slot: SlotId = this.slot): Promise<void> {
    const example = findExample(id);
    if (example === undefined) return;
    this.exampleIds = { ...this.exampleIds, [slot]: id };
    const code = exampleCode(id) ?? example.code;
    if (code !== example.code)
      this.notice =
        "This A2UI example's remote images are swapped for local samples: the page's media policy " +
        'refuses remote media (its video and audio stay refused).';
    this.codes = { ...this.codes, [slot]: code };
    this.slot = slot;
    await this.runSlot(slot);
  }

  /** Runs the slot's current code. */
  async runSlot(slot: SlotId = this.slot): Promise<void> {
    const host = this.wiring?.host;
    // An A2UI example (or edited A2UI JSON) runs through the A2UI bridge, not as a program.
    if (findExample(this.exampleIds[slot])?.kind === 'a2ui') await host?.runA2ui(slot, this.codes[slot]);
    else await host?.run(slot, this.codes[slot]);
    void this.syncUrl();
  }

  private onHostChange = (): void => {
    this.revision += 1;
  };

  /** The editor's code when a model started streaming over it, put back if no program arrives. */
  private codeBeforeStream: string | undefined;

  private llmHost: LlmPanelHost = {
    systemPrompt: () => this.wiring?.systemPrompt() ?? '',
    showCode: (code, streaming) => {
      if (streaming && this.codeBeforeStream === undefined) this.codeBeforeStream = this.codes[this.slot];
      this.streaming = streaming;
      this.codes = { ...this.codes, [this.slot]: code };
    },
    endStreaming: (restore) => {
      if (restore && this.codeBeforeStream !== undefined)
        this.codes = { ...this.codes, [this.slot]: this.codeBeforeStream };
      this.codeBeforeStream = undefined;
      this.streaming = false;
    },
    run: async (code): Promise<RunOutcome> => {
      this.streaming = false;
      this.codes = { ...this.codes, [this.slot]: code };
      this.exampleIds = { ...this.exampleIds, [this.slot]: '' };
      return this.wiring?.host.judge(this.slot, code) ?? { ok: false, error: 'the playground is not ready' };
    },
    runPrefix: async (code) => {
      this.exampleIds = { ...this.exampleIds, [this.slot]: '' };
      await this.wiring?.host.runPrefix(this.slot, code);
    },
  };

  override render() {
    const wiring = this.wiring;
    if (wiring === undefined) return html``;
    const { host } = wiring;
    const generators = [...host.status.keys()];
    const mode = findMode(this.mode);
    const split = mode.slots.length > 1;
    const current = findExample(this.exampleIds[this.slot]);
    this.dataset.mode = mode.id;
    this.toggleAttribute('data-code-hidden', !this.codeShown);
    this.toggleAttribute('data-devtools-open', this.devtoolsOpen);
    const theme = wiring.theme;
    const stageTree = wiring.stage.querySelector<HTMLElement>('suip-tree');
    if (stageTree) stageTree.dataset.layout = split ? 'split' : 'single';
    return html`
      <div class="bar">
        <h1>suip <span>playground</span></h1>
        <div class="modes" role="radiogroup" aria-label="Mode">
          ${playgroundModes().map((m) => html`<label class="mode" title=${m.description}><input type="radio" name="mode" value=${m.id} .checked=${m.id === mode.id} @change=${() => this.setMode(m.id)} />${m.label}</label>`)}
        </div>
        <label class="examples"><span class="label-text">Example</span>
          <select aria-label="Examples" @change=${(e: Event) => this.loadExample((e.target as HTMLSelectElement).value)} .value=${this.exampleIds[this.slot]}>
            <option value="" ?selected=${this.exampleIds[this.slot] === ''}>— your own code —</option>
            <optgroup label="suip programs">
              ${EXAMPLES.map((ex) => html`<option value=${ex.id} title=${ex.summary} ?selected=${ex.id === this.exampleIds[this.slot]}>${ex.title}</option>`)}
            </optgroup>
            <optgroup label="A2UI agent streams (v0.9, through the A2UI bridge)">
              ${A2UI_EXAMPLES.map((ex) => html`<option value=${ex.id} title=${ex.summary} ?selected=${ex.id === this.exampleIds[this.slot]}>A2UI · ${ex.title}</option>`)}
            </optgroup>
          </select>
        </label>
        <div class="actions" role="group" aria-label="Program">
          <button type="button" class="primary" @click=${() => this.runSlot()} ?disabled=${this.streaming} title="Run (Ctrl+Enter in the editor)">${glyph('M6 4l14 8-14 8z')}Run</button>
          <button type="button" @click=${() => host.stop(this.slot)}>${glyph('M6 6h12v12H6z')}Stop</button>
          <button type="button" @click=${this.reset}>${glyph('M3 12a9 9 0 1 0 3-6.7L3 8M3 3v5h5')}Reset</button>
        </div>
        <div class="actions end" role="group" aria-label="View">
          <button type="button" aria-pressed=${this.codeShown ? 'true' : 'false'} @click=${() => (this.codeShown = !this.codeShown)}>${glyph('M16 18l6-6-6-6M8 6l-6 6 6 6')}Code</button>
          ${
            theme === undefined
              ? ''
              : html`<label class="theme"><span class="label-text">Theme</span><select aria-label="Theme" @change=${(e: Event) => this.setTheme((e.target as HTMLSelectElement).value as ThemeChoice)}>
                ${(['auto', 'light', 'dark'] as const).map((choice) => html`<option value=${choice} ?selected=${choice === theme.choice}>${{ auto: 'System', light: 'Light', dark: 'Dark' }[choice]}</option>`)}
              </select></label>`
          }
          <button type="button" @click=${this.share} title="Copy a link that reproduces this run">${glyph('M4 12v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8M16 6l-4-4-4 4M12 2v13')}Share</button>
        </div>
      </div>
      <section class="code" aria-label="Editor" ?hidden=${!this.codeShown}>
        ${
          split
            ? html`<div class="slots" role="tablist" aria-label="Generators">
              ${mode.slots.map(
                (
                  slot,
                ) => html`<button type="button" role="tab" data-slot=${slot} aria-selected=${slot === this.slot} @click=${() => (this.slot = slot)}>
                <span class="dot status-${host.status.get(slot)}" title=${host.status.get(slot) ?? ''}></span>${slot} · ${findExample(this.exampleIds[slot])?.title ?? 'custom'}
                <span class="status" data-testid="status-${slot}">${host.status.get(slot)}</span>
              </button>`,
              )}
            </div>`
            : ''
        }
        <pg-code-editor
          .value=${this.codes[this.slot]}
          ?read-only=${this.streaming}
          label=${split ? `Code of the ${this.slot} generator` : 'Program code'}
          @code-input=${(e: CustomEvent<string>) => (this.codes = { ...this.codes, [this.slot]: e.detail })}
          @run=${() => this.runSlot()}
        ></pg-code-editor>
        <pg-error-list data-testid="errors" @goto-line=${(e: CustomEvent<number>) => this.querySelector('pg-code-editor')?.gotoLine(e.detail)} .errors=${[...(host.errors.get(this.slot) ?? [])]} .revision=${this.revision}></pg-error-list>
        <details class="llm">
          <summary>Generate with a model <span class="hint">built-in demo, or any OpenAI-compatible endpoint</span></summary>
          <pg-llm-panel .host=${this.llmHost}></pg-llm-panel>
        </details>
        <details class="genui"><summary>GenUI server (seed 000: POST /genUI)</summary><pg-genui-panel></pg-genui-panel></details>
      </section>
      <pg-splitter class="splitter" ?hidden=${!this.codeShown}></pg-splitter>
      <section class="ui" aria-label="Rendered UI">
        <p class="intro" data-testid="intro">
          A program builds its UI from <strong>particles</strong>: a text, or a <strong>group</strong> of the host's
          vocabulary (a card, a form, a button) whose children sit in named <strong>roles</strong>, like a card's
          <code>title</code> and <code>body</code>. The host draws each group and role its own way; the program runs
          in a sandbox and never touches the page.
          <a href="https://github.com/suip-dev/suip/blob/main/docs/generators.md" target="_blank" rel="noopener">How
          programs are written</a>
        </p>
        <div class="ui-head">
          ${
            split
              ? mode.slots.map((slot) => html`<span>${slot} generator — owns <code>["${slot}", …]</code></span>`)
              : html`<span class="what"><strong>${current?.title ?? 'Your program'}</strong>${current ? html` <span class="summary">${current.summary}</span>` : ''}</span>
                <span class="pill status-${host.status.get(this.slot)}"><span class="dot status-${host.status.get(this.slot)}"></span><span data-testid="status-${this.slot}">${host.status.get(this.slot)}</span></span>`
          }
        </div>
        ${wiring.errorState === false ? '' : mode.slots.map((slot) => this.renderRunError(slot, split))}
        ${wiring.stage}
      </section>
      <section class="devtools" aria-label="Devtools">
        <div class="devtools-head">
          <button type="button" class="toggle" aria-expanded=${this.devtoolsOpen ? 'true' : 'false'} aria-controls="devtools-panels" @click=${() => this.setDevtoolsOpen(!this.devtoolsOpen)} title=${this.devtoolsOpen ? 'Hide the devtools (the stage gets the height)' : 'Show the op log, tree and events'}>${glyph(this.devtoolsOpen ? 'M6 9l6 6 6-6' : 'M18 15l-6-6-6 6')}Devtools</button>
          <pg-counters title="Since the last run started" .counters=${{ ...host.log.counters(performance.now()), errors: this.activeSlots.reduce((sum, slot) => sum + (host.errors.get(slot)?.length ?? 0), 0) }} .lastTransactionMs=${host.lastTransactionMs}></pg-counters>
          <div class="tabs" role="tablist" aria-label="Devtools panels">
            ${(['ops', 'tree', 'events'] as const).map((tab) => html`<button type="button" role="tab" id=${`tab-${tab}`} aria-controls=${`panel-${tab}`} data-tab=${tab} aria-selected=${this.devtoolsOpen && tab === this.tab} @click=${() => this.selectTab(tab)}>${{ ops: 'Op log', tree: 'Tree', events: 'Events' }[tab]}</button>`)}
          </div>
        </div>
        <span class="notice" role="status" data-testid="notice">${this.notice}</span>
        <div class="panels" id="devtools-panels" ?hidden=${!this.devtoolsOpen}>
          <div class="fixtures">
            <button type="button" @click=${this.exportFixture}>Export fixture</button>
            <label class="file">Replay fixture<input type="file" accept="application/json,.json" aria-label="Replay fixture" @change=${this.replayFile} /></label>
          </div>
          <pg-op-log id="panel-ops" role="tabpanel" aria-labelledby="tab-ops" ?hidden=${this.tab !== 'ops'} .entries=${host.log.entries} .generators=${generators} .revision=${this.revision}></pg-op-log>
          <pg-tree-inspector id="panel-tree" role="tabpanel" aria-labelledby="tab-tree" ?hidden=${this.tab !== 'tree'} .tree=${this.devtoolsOpen && this.tab === 'tree' ? host.snapshot() : undefined} .mirror=${host.mirror.tree} .revision=${this.revision}></pg-tree-inspector>
          <pg-event-log id="panel-events" role="tabpanel" aria-labelledby="tab-events" ?hidden=${this.tab !== 'events'} .entries=${host.log.entries} .revision=${this.revision}></pg-event-log>
        </div>
      </section>
    `;
  }

  private selectTab(tab: DevtoolsTab): void {
    this.tab = tab;
    this.setDevtoolsOpen(true);
  }

  /** Opens or closes the devtools' panels and remembers it for the next visit. */
  setDevtoolsOpen(open: boolean): void {
    this.devtoolsOpen = open;
    try {
      localStorage.setItem(DEVTOOLS_KEY, open ? 'open' : 'closed');
    } catch {
      // Storage may be disabled: the choice then lasts for this page.
    }
    void this.syncUrl();
  }

  private setTheme(choice: ThemeChoice): void {
    this.wiring?.theme?.set(choice);
    this.requestUpdate();
  }

  /**
   * A failed run's error where its UI would be (issue 30: a broken program left an empty box): the
   * first error, how many there are, and where the rest are. Nothing while the slot runs fine.
   */
  private renderRunError(slot: SlotId, split: boolean) {
    const host = this.wiring?.host;
    const failure = host?.failure(slot);
    if (host === undefined || failure === undefined || host.status.get(slot) === 'starting') return '';
    const errors = host.errors.get(slot) ?? [];
    const first = errors[0]?.message ?? failure;
    return html`<div class="run-error" role="alert" data-testid="run-error-${slot}">
      <strong>${split ? `The ${slot} program` : 'The program'} failed${errors.length > 1 ? ` (${errors.length} errors)` : ''}.</strong>
      <span class="message">${first}</span>
      <span class="hint">${this.codeShown ? 'Every error, with its line, is listed under the code.' : html`<button type="button" @click=${() => (this.codeShown = true)}>Show the code and its errors</button>`}</span>
    </div>`;
  }

  private reset = async (): Promise<void> => {
    const id = this.exampleIds[this.slot];
    await this.wiring?.host.reset();
    const example = findExample(id);
    if (example !== undefined) this.codes = { ...this.codes, [this.slot]: exampleCode(id) ?? example.code };
    this.notice = 'Reset: generators stopped, logs cleared. Press Run to start again.';
  };

  private exportFixture = (): void => {
    const host = this.wiring?.host;
    if (host === undefined) return;
    const fixture = host.exportFixture();
    const blob = new Blob([JSON.stringify(fixture, null, 2)], { type: 'application/json' });
    const link = document.createElement('a');
    link.href = URL.createObjectURL(blob);
    link.download = `suip-fixture-${fixture.recordedAt.replace(/[:.]/g, '-')}.json`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
    const ids = fixture.generators.map((id) => `"${id}"`).join(', ');
    this.notice =
      `Exported the latest run of ${fixture.generators.length === 1 ? 'generator' : 'generators'} ${ids} ` +
      `(${fixture.messages.length} messages); suip/testing replays it by that id.`;
  };

  private replayFile = async (event: Event): Promise<void> => {
    const input = event.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (file === undefined || this.wiring === undefined) return;
    try {
      await this.replay(await file.text());
    } catch (error) {
      this.notice = `Cannot replay ${file.name}: ${error instanceof Error ? error.message : String(error)}`;
    }
  };

  /** Replays a fixture's JSON text: each recorded generator restarts under its id with a replay program. */
  async replay(json: string): Promise<void> {
    const host = this.wiring?.host;
    if (host === undefined) return;
    const fixture = parseFixture(json);
    const programs = await host.replay(fixture);
    const codes = { ...this.codes };
    for (const slot of SLOTS) {
      const program = programs.get(slot);
      if (program !== undefined) codes[slot] = program;
    }
    this.codes = codes;
    this.exampleIds = { left: '', right: '' };
    this.notice = `Replaying ${fixture.messages.length} recorded messages of ${fixture.generators.join(', ')}.`;
  }
}

/** An example's code as the playground runs it: an A2UI stream gets local sample images (see `sample-media.ts`). */
function exampleCode(id: string): string | undefined {
  const example = findExample(id);
  if (example === undefined) return undefined;
  return example.kind === 'a2ui' ? withSampleMedia(example.code).text : example.code;
}

/** The devtools start collapsed (the stage is the point of the page) unless this browser opened them last. */
function readDevtoolsOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(DEVTOOLS_KEY) === 'open';
  } catch {
    return false;
  }
}

/**
 * What each slot shows on a fresh visit: a card that shows off the vocabulary, and a counter beside it in split mode.
 */
const DEFAULT_EXAMPLES: Record<SlotId, string> = { left: 'weather-card', right: 'counter' };

/** A small inline icon for the toolbar (decorative: every button also has its text). */
function glyph(d: string) {
  return svg`<svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true"><path d=${d}></path></svg>`;
}

if (!customElements.get('pg-app')) customElements.define('pg-app', PgApp);

declare global {
  interface HTMLElementTagNameMap {
    'pg-app': PgApp;
  }
}
