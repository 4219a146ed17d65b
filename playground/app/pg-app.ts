import { LitElement, html, type PropertyDeclarations } from 'lit';
import { findExample } from '../../examples/index.ts';
import { parseFixture } from '../devtools/fixture.ts';
import type { LlmPanelHost } from '../llm/pg-llm-panel.ts';
import { SLOTS, type PlaygroundHost, type SlotId } from './playground-host.ts';
import { findMode } from './modes.ts';
import { renderAppBar, type AppBarView } from './app-bar.ts';
import { createLlmHost } from './llm-host.ts';
import { renderRunError } from './run-error.ts';
import { renderCodeSection, type CodeSectionView } from './code-section.ts';
import { renderDevtools, type DevtoolsTab, type DevtoolsView } from './devtools-section.ts';
import { readShareState, writeShareState } from './share-state.ts';
import type { ThemeChoice, ThemeController } from './theme.ts';
import { readDevtoolsOpen, writeDevtoolsOpen } from './devtools-choice.ts';
import { DEFAULT_EXAMPLES, exampleCode } from './example-code.ts';
import { downloadFixture } from './fixture-download.ts';
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

  private llmHost: LlmPanelHost = createLlmHost(this);

  override render() {
    const wiring = this.wiring;
    if (wiring === undefined) return html``;
    const { host } = wiring;
    const mode = findMode(this.mode);
    const split = mode.slots.length > 1;
    const current = findExample(this.exampleIds[this.slot]);
    this.dataset.mode = mode.id;
    this.toggleAttribute('data-code-hidden', !this.codeShown);
    this.toggleAttribute('data-devtools-open', this.devtoolsOpen);
    const stageTree = wiring.stage.querySelector<HTMLElement>('suip-tree');
    if (stageTree) stageTree.dataset.layout = split ? 'split' : 'single';
    return html`
      ${renderAppBar(this.barView())}
      ${renderCodeSection(this.codeSectionView(host, mode.slots))}
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
        ${wiring.errorState === false ? '' : mode.slots.map((slot) => renderRunError(host, slot, split, this.codeShown, () => (this.codeShown = true)))}
        ${wiring.stage}
      </section>
      ${renderDevtools(this.devtoolsView(host))}
    `;
  }

  /** The code column's state and actions, for `renderCodeSection`. */
  private codeSectionView(host: PlaygroundHost, slots: readonly SlotId[]): CodeSectionView {
    return {
      host,
      slots,
      split: slots.length > 1,
      slot: this.slot,
      code: this.codes[this.slot],
      streaming: this.streaming,
      codeShown: this.codeShown,
      revision: this.revision,
      llmHost: this.llmHost,
      titleOf: (slot) => findExample(this.exampleIds[slot])?.title ?? 'custom',
      selectSlot: (slot) => (this.slot = slot),
      setCode: (code) => (this.codes = { ...this.codes, [this.slot]: code }),
      run: () => void this.runSlot(),
      gotoLine: (line) => this.querySelector('pg-code-editor')?.gotoLine(line),
    };
  }

  /** The toolbar's state and actions, for `renderAppBar`. */
  private barView(): AppBarView {
    const host = this.wiring?.host;
    return {
      mode: findMode(this.mode),
      exampleId: this.exampleIds[this.slot],
      streaming: this.streaming,
      codeShown: this.codeShown,
      theme: this.wiring?.theme,
      setMode: (id) => void this.setMode(id),
      loadExample: (id) => void this.loadExample(id),
      run: () => void this.runSlot(),
      stop: () => void host?.stop(this.slot),
      reset: () => void this.reset(),
      toggleCode: () => (this.codeShown = !this.codeShown),
      setTheme: (choice) => this.setTheme(choice),
      share: () => void this.share(),
    };
  }

  /** The devtools' state and actions, for `renderDevtools`. */
  private devtoolsView(host: PlaygroundHost): DevtoolsView {
    return {
      host,
      open: this.devtoolsOpen,
      tab: this.tab,
      revision: this.revision,
      notice: this.notice,
      activeSlots: this.activeSlots,
      setOpen: (open) => this.setDevtoolsOpen(open),
      selectTab: (tab) => this.selectTab(tab),
      exportFixture: this.exportFixture,
      replayFile: (event) => void this.replayFile(event),
    };
  }

  private selectTab(tab: DevtoolsTab): void {
    this.tab = tab;
    this.setDevtoolsOpen(true);
  }

  /** Opens or closes the devtools' panels and remembers it for the next visit. */
  setDevtoolsOpen(open: boolean): void {
    this.devtoolsOpen = open;
    writeDevtoolsOpen(open);
    void this.syncUrl();
  }

  private setTheme(choice: ThemeChoice): void {
    this.wiring?.theme?.set(choice);
    this.requestUpdate();
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
    this.notice = downloadFixture(host.exportFixture());
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

if (!customElements.get('pg-app')) customElements.define('pg-app', PgApp);

declare global {
  interface HTMLElementTagNameMap {
    'pg-app': PgApp;
  }
}
