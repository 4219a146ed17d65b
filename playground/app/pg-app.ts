import { LitElement, html, type PropertyDeclarations } from 'lit';
import { A2UI_EXAMPLES, EXAMPLES, findExample } from '../../examples/index.ts';
import { parseFixture } from '../devtools/fixture.ts';
import type { RunOutcome } from '../../generator/model/repair-loop.ts';
import type { LlmPanelHost } from '../llm/pg-llm-panel.ts';
import { SLOTS, type PlaygroundHost, type SlotId } from './playground-host.ts';
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
  };

  declare wiring: AppWiring | undefined;
  declare slot: SlotId;
  declare codes: Record<SlotId, string>;
  declare exampleIds: Record<SlotId, string>;
  declare streaming: boolean;
  declare tab: DevtoolsTab;
  declare revision: number;
  declare notice: string;

  constructor() {
    super();
    this.slot = 'left';
    const [left, right] = initialExamples();
    this.exampleIds = { left, right };
    this.codes = { left: findExample(left)?.code ?? '', right: findExample(right)?.code ?? '' };
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
    // ops/s is a rate over the last second: it must fall back to 0 when traffic stops.
    this.ticker = setInterval(() => (this.revision += 1), 1000);
  }

  private ticker: ReturnType<typeof setInterval> | undefined;

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.wiring?.host.removeEventListener('change', this.onHostChange);
    clearInterval(this.ticker);
  }

  /** Starts both slots with their programs (the page's first paint). */
  async start(): Promise<void> {
    for (const slot of SLOTS) await this.runSlot(slot);
  }

  /** Loads an example into a slot and runs it. */
  async loadExample(id: string, slot: SlotId = this.slot): Promise<void> {
    const example = findExample(id);
    if (example === undefined) return;
    this.exampleIds = { ...this.exampleIds, [slot]: id };
    this.codes = { ...this.codes, [slot]: example.code };
    this.slot = slot;
    await this.runSlot(slot);
  }

  /** Runs the slot's current code. */
  async runSlot(slot: SlotId = this.slot): Promise<void> {
    const host = this.wiring?.host;
    // An A2UI example (or edited A2UI JSON) runs through the A2UI bridge, not as a program.
    if (findExample(this.exampleIds[slot])?.kind === 'a2ui') await host?.runA2ui(slot, this.codes[slot]);
    else await host?.run(slot, this.codes[slot]);
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
      if (restore && this.codeBeforeStream !== undefined) this.codes = { ...this.codes, [this.slot]: this.codeBeforeStream };
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
    return html`
      <div class="bar">
        <h1>suip <span>playground</span></h1>
        <label class="examples">Example
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
          <button type="button" class="primary" @click=${() => this.runSlot()} ?disabled=${this.streaming} title="Ctrl+Enter">▶ Run</button>
          <button type="button" @click=${() => host.stop(this.slot)}>■ Stop</button>
          <button type="button" @click=${this.reset}>↺ Reset</button>
        </div>
      </div>
      <section class="code" aria-label="Code">
        <div class="slots" role="tablist" aria-label="Generators">
          ${SLOTS.map((slot) => html`<button type="button" role="tab" data-slot=${slot} aria-selected=${slot === this.slot} @click=${() => (this.slot = slot)}>
            <span class="dot status-${host.status.get(slot)}" title=${host.status.get(slot) ?? ''}></span>${slot} · ${findExample(this.exampleIds[slot])?.title ?? 'custom'}
            <span class="status" data-testid="status-${slot}">${host.status.get(slot)}</span>
          </button>`)}
        </div>
        <pg-code-editor
          .value=${this.codes[this.slot]}
          ?read-only=${this.streaming}
          label=${`Code of the ${this.slot} generator`}
          @code-input=${(e: CustomEvent<string>) => (this.codes = { ...this.codes, [this.slot]: e.detail })}
          @run=${() => this.runSlot()}
        ></pg-code-editor>
        <pg-error-list data-testid="errors" @goto-line=${(e: CustomEvent<number>) => this.querySelector('pg-code-editor')?.gotoLine(e.detail)} .errors=${[...(host.errors.get(this.slot) ?? [])]} .revision=${this.revision}></pg-error-list>
        <details class="llm">
          <summary>Generate with a model (OpenAI-compatible endpoint)</summary>
          <pg-llm-panel .host=${this.llmHost}></pg-llm-panel>
        </details>
        <details class="genui"><summary>GenUI server (seed 000: POST /genUI)</summary><pg-genui-panel></pg-genui-panel></details>
      </section>
      <section class="ui" aria-label="Rendered UI">
        <div class="ui-head">${SLOTS.map((slot) => html`<span>${slot} generator — owns <code>["${slot}", …]</code></span>`)}</div>
        ${wiring.stage}
      </section>
      <section class="devtools" aria-label="Devtools">
        <pg-counters .counters=${host.log.counters(performance.now())} .lastTransactionMs=${host.lastTransactionMs}></pg-counters>
        <div class="devtools-head">
        <div class="tabs" role="tablist" aria-label="Devtools panels">
          ${(['ops', 'tree', 'events'] as const).map((tab) => html`<button type="button" role="tab" id=${`tab-${tab}`} aria-controls=${`panel-${tab}`} data-tab=${tab} aria-selected=${tab === this.tab} @click=${() => (this.tab = tab)}>${{ ops: 'Op log', tree: 'Tree', events: 'Events' }[tab]}</button>`)}
        </div>
        <div class="fixtures">
          <button type="button" @click=${this.exportFixture}>Export fixture</button>
          <label class="file">Replay fixture<input type="file" accept="application/json,.json" aria-label="Replay fixture" @change=${this.replayFile} /></label>
        </div>
        </div>
        <span class="notice" role="status" data-testid="notice">${this.notice}</span>
        <pg-op-log id="panel-ops" role="tabpanel" aria-labelledby="tab-ops" ?hidden=${this.tab !== 'ops'} .entries=${host.log.entries} .generators=${generators} .revision=${this.revision}></pg-op-log>
        <pg-tree-inspector id="panel-tree" role="tabpanel" aria-labelledby="tab-tree" ?hidden=${this.tab !== 'tree'} .tree=${this.tab === 'tree' ? host.snapshot() : undefined} .mirror=${host.mirror.tree} .revision=${this.revision}></pg-tree-inspector>
        <pg-event-log id="panel-events" role="tabpanel" aria-labelledby="tab-events" ?hidden=${this.tab !== 'events'} .entries=${host.log.entries} .revision=${this.revision}></pg-event-log>
      </section>
    `;
  }

  private reset = async (): Promise<void> => {
    const id = this.exampleIds[this.slot];
    await this.wiring?.host.reset();
    const example = findExample(id);
    if (example !== undefined) this.codes = { ...this.codes, [this.slot]: example.code };
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
    this.notice = `Exported ${fixture.messages.length} messages of ${fixture.generators.length} generators.`;
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

/** `#left=todo-list&right=chat` picks the examples at load; defaults show a card beside a counter. */
function initialExamples(): [string, string] {
  const params = new URLSearchParams(location.hash.slice(1));
  const pick = (key: string, fallback: string): string => {
    const id = params.get(key);
    return id !== null && findExample(id) !== undefined ? id : fallback;
  };
  return [pick('left', 'weather-card'), pick('right', 'counter')];
}

if (!customElements.get('pg-app')) customElements.define('pg-app', PgApp);

declare global {
  interface HTMLElementTagNameMap {
    'pg-app': PgApp;
  }
}
