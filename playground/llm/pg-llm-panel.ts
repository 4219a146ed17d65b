import { LitElement, css, html, type PropertyDeclarations } from 'lit';
import type { EndpointSettings } from '../../generator/model/chat-client.ts';
import {
  generateWithRepair,
  type LoopObserver,
  type RunOutcome,
  type Turn,
} from '../../generator/model/repair-loop.ts';
import { DEMO_ANSWERS, findDemoAnswer } from './demo-answers.ts';
import { DEMO_BASE_URL, DemoNoAnswerError, demoChat, noAnswerMessage } from './demo-model.ts';
import { loadEndpoint, saveEndpoint } from './settings.ts';

/** What the panel needs from the app: the system prompt, where the code streams, and how to run it. */
export interface LlmPanelHost {
  systemPrompt(): string;
  /** Shows code in the editor while it streams (read-only) or once it is final. */
  showCode(code: string, streaming: boolean): void;
  /** Streaming is over; `restore` puts back the code from before, when no program arrived in full. */
  endStreaming(restore: boolean): void;
  run(code: string): Promise<RunOutcome>;
  /** Runs a complete prefix of the program still streaming (progressive rendering); errors are ignored. */
  runPrefix(code: string): Promise<void>;
}

/**
 * `<pg-llm-panel>`: the model in the loop. The user gives an OpenAI-compatible endpoint (kept in
 * `sessionStorage` only) and a request; the answer streams into the editor and runs; a failing
 * program's error goes back for a repair turn, at most `maxTurns` turns, each listed here.
 */
export class PgLlmPanel extends LitElement {
  static override properties: PropertyDeclarations = {
    host: { attribute: false },
    endpoint: { state: true },
    maxTurns: { state: true },
    turns: { state: true },
    busy: { state: true },
    progress: { state: true },
    result: { state: true },
    recording: { state: true },
  };

  static override styles = css`
    :host { display: block; font: 13px/1.45 var(--pg-sans, sans-serif); }
    form { display: grid; grid-template-columns: auto 1fr; gap: 4px 8px; align-items: center; }
    label { color: var(--pg-muted); }
    input, textarea { font: inherit; padding: 4px 8px; border: 1px solid var(--pg-border-strong, var(--pg-border)); border-radius: 4px; background: var(--pg-bg); color: var(--pg-fg); min-width: 0; }
    textarea { grid-column: 1 / -1; min-height: 3.2em; resize: vertical; }
    .actions { grid-column: 1 / -1; display: flex; gap: 8px; align-items: center; }
    button { font: inherit; padding: 3px 12px; border-radius: 4px; border: 1px solid var(--pg-accent); background: var(--pg-accent); color: var(--pg-accent-fg); cursor: pointer; }
    button[disabled] { opacity: 0.5; cursor: default; }
    button.secondary { background: transparent; color: var(--pg-accent); }
    .note { color: var(--pg-muted); font-size: 12px; }
    .note code { font: 11px var(--pg-mono, monospace); }
    .try { grid-column: 1 / -1; display: flex; gap: 6px; align-items: center; flex-wrap: wrap; }
    button.chip { background: transparent; color: var(--pg-fg); border-color: var(--pg-border); border-radius: 999px; padding: 1px 10px; font-size: 12px; }
    button.chip:hover { border-color: var(--pg-accent); }
    button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid var(--pg-accent); outline-offset: 1px; }
    ol { margin: 6px 0 0; padding-left: 1.4em; }
    li { margin: 2px 0; }
    .ok { color: var(--pg-ok); }
    .bad { color: var(--pg-error); }
    details pre { white-space: pre-wrap; font: 11px var(--pg-mono, monospace); max-height: 8rem; overflow: auto; background: var(--pg-code-bg); padding: 4px; }
  `;

  declare host: LlmPanelHost | undefined;
  declare endpoint: EndpointSettings;
  declare maxTurns: number;
  declare turns: Turn[];
  declare busy: boolean;
  declare progress: string;
  declare result: string;
  /** The demo model's recording that answers the current run (its turns are labelled with it), if the demo runs. */
  declare recording: string | undefined;
  private abort: AbortController | undefined;

  constructor() {
    super();
    this.endpoint = loadEndpoint();
    this.maxTurns = 3;
    this.turns = [];
    this.busy = false;
    this.progress = '';
    this.result = '';
    this.recording = undefined;
  }

  /** Takes endpoint settings from a shared link (the key is never shared: it stays as typed here). */
  useEndpoint(settings: { baseUrl: string; model: string }): void {
    this.endpoint = { ...this.endpoint, baseUrl: settings.baseUrl, model: settings.model };
    saveEndpoint(this.endpoint);
  }

  /** Puts a suggested request in the box (the demo model answers each from its recordings). */
  private suggest(text: string): void {
    const box = this.renderRoot.querySelector('textarea');
    if (box) {
      box.value = text;
      box.focus();
    }
  }

  override render() {
    const demo = this.endpoint.baseUrl.trim() === DEMO_BASE_URL;
    return html`<form @submit=${this.onSubmit} @change=${this.onSettings} aria-label="Generate with a model">
      <label for="base">Base URL</label><input id="base" name="baseUrl" .value=${this.endpoint.baseUrl} placeholder="http://127.0.0.1:11434/v1" required aria-describedby="base-hint" />
      <span></span><span class="note" id="base-hint">${
        demo
          ? html`<strong>${DEMO_BASE_URL}</strong> is the built-in demo model: ${DEMO_ANSWERS.length} recorded answers to the requests below, offline, no key; it says so when it has none (the visitors card shows a broken first answer being repaired).`
          : html`Any OpenAI-compatible <code>/v1</code> URL: OpenAI (<code>https://api.openai.com/v1</code> with a key), or a local server — Ollama <code>http://127.0.0.1:11434/v1</code>, llama.cpp <code>http://127.0.0.1:8080/v1</code>, vLLM <code>http://127.0.0.1:8000/v1</code>. It must allow this page's origin (CORS). <code>${DEMO_BASE_URL}</code> is the offline demo.`
      }</span>
      <label for="model">Model</label><input id="model" name="model" .value=${this.endpoint.model} required />
      <label for="key">API key</label><input id="key" name="apiKey" type="password" autocomplete="off" .value=${this.endpoint.apiKey} placeholder="kept in sessionStorage only" />
      <label for="turns">Max turns</label><input id="turns" name="maxTurns" type="number" min="1" max="8" .value=${String(this.maxTurns)} />
      <textarea name="request" aria-label="What should the model build?" placeholder="A card that shows the weather in Lisbon with a 3-day forecast…" required></textarea>
      <div class="try" role="group" aria-label="Try a request"><span class="note">Try:</span>
        ${DEMO_ANSWERS.map((answer) => html`<button type="button" class="chip" title=${answer.request} @click=${() => this.suggest(answer.request)}>${answer.chip}</button>`)}
      </div>
      <div class="actions">
        <button type="submit" ?disabled=${this.busy}>Generate</button>
        <button type="button" class="secondary" ?disabled=${!this.busy} @click=${() => this.abort?.abort()}>Cancel</button>
        <span class="note" data-testid="llm-progress" aria-live="polite">${this.progress}</span>
      </div>
    </form>
    ${
      this.turns.length > 0
        ? html`<ol aria-label="Model turns" data-testid="llm-turns">
          ${this.turns.map(
            (
              turn,
            ) => html`<li data-turn=${turn.number} data-kind=${turn.kind} data-outcome=${turn.outcome === undefined ? 'pending' : turn.outcome.ok ? 'ok' : 'failed'}>
              <strong>Turn ${turn.number} of ${this.maxTurns}</strong> · ${turn.kind === 'generate' ? 'generate' : 'repair'}${this.recording === undefined ? '' : html` · <span data-testid="llm-recording">demo model's recorded answer “${this.recording}”</span>`} ·
              ${turn.outcome === undefined ? html`<span>${turn.answer ? 'running…' : 'streaming…'}</span>` : turn.outcome.ok ? html`<span class="ok">rendered</span>` : html`<span class="bad">failed</span>`}
              <details><summary>prompt sent</summary><pre>${turn.prompt}</pre></details>
              ${turn.outcome !== undefined && !turn.outcome.ok ? html`<details open><summary>error</summary><pre>${turn.outcome.error}</pre></details>` : ''}
            </li>`,
          )}
        </ol>`
        : ''
    }
    <p class="note" data-testid="llm-result">${this.result}</p>`;
  }

  private onSettings(event: Event): void {
    const form = event.currentTarget as HTMLFormElement;
    const data = new FormData(form);
    this.endpoint = {
      baseUrl: String(data.get('baseUrl') ?? ''),
      model: String(data.get('model') ?? ''),
      apiKey: String(data.get('apiKey') ?? ''),
    };
    this.maxTurns = Math.min(8, Math.max(1, Number(data.get('maxTurns')) || 3));
    saveEndpoint(this.endpoint);
  }

  /** The turn that was streaming is over: it failed, it is not "streaming…" any more. */
  private closeLastTurn(message: string): void {
    const last = this.turns.at(-1);
    if (last !== undefined && last.outcome === undefined) {
      last.outcome = { ok: false, error: message };
      this.turns = [...this.turns];
    }
  }

  private async onSubmit(event: Event): Promise<void> {
    event.preventDefault();
    const host = this.host;
    if (host === undefined || this.busy) return;
    this.onSettings(event);
    const request = String(new FormData(event.currentTarget as HTMLFormElement).get('request') ?? '').trim();
    if (request === '') return;
    const demo = this.endpoint.baseUrl.trim() === DEMO_BASE_URL;
    const recording = demo ? findDemoAnswer(request) : undefined;
    this.turns = [];
    this.recording = recording?.chip;
    if (demo && recording === undefined) {
      // Said plainly, and nothing runs: another recording's UI would pass for an answer.
      this.result = noAnswerMessage(request);
      return;
    }
    this.busy = true;
    this.result = '';
    this.abort = new AbortController();
    const started = performance.now();
    const observer: LoopObserver = {
      onTurn: (turn) => {
        this.turns = [...this.turns, turn];
        this.progress = `turn ${turn.number} of ${this.maxTurns}: waiting for the model…`;
      },
      onDelta: (turn, answer, code) => {
        this.progress = `turn ${turn.number} of ${this.maxTurns}: streaming ${answer.length} characters, ${code.split('\n').length} lines (${((performance.now() - started) / 1000).toFixed(1)} s)`;
        host.showCode(code, true);
      },
      onOutcome: (turn) => {
        this.turns = [...this.turns];
        this.progress = turn.outcome?.ok
          ? `turn ${turn.number}: rendered`
          : `turn ${turn.number}: failed, ${turn.number < this.maxTurns ? 'sending the error back' : 'no turns left'}`;
      },
    };
    try {
      const { ok, turns } = await generateWithRepair({
        endpoint: this.endpoint,
        system: host.systemPrompt(),
        request,
        maxTurns: this.maxTurns,
        observer,
        // `demo:` runs the recorded demo model in the page: no network, no key.
        ...(demo ? { chat: demoChat } : {}),
        signal: this.abort.signal,
        // The UI appears while the model writes: each complete prefix runs, the next adopts it.
        runPrefix: (code) => host.runPrefix(code),
        run: async (code) => {
          host.showCode(code, false);
          this.progress = 'running the program…';
          return host.run(code);
        },
      });
      const after = `after ${turns.length} turn${turns.length === 1 ? '' : 's'}`;
      const source = recording === undefined ? '' : ` the demo model's recorded answer “${recording.chip}”`;
      this.result = ok ? `Rendered${source} ${after}.` : `Still failing ${after}; edit the code or try again.`;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (error instanceof DemoNoAnswerError) {
        this.result = message;
        this.closeLastTurn(message);
        return;
      }
      const hint = /fetch|network/i.test(message)
        ? ` — nothing answered at ${this.endpoint.baseUrl}; start a local server there, enter another OpenAI-compatible URL, or use ${DEMO_BASE_URL} for the offline demo model`
        : '';
      this.result = `The request failed: ${message}${hint}`;
      this.closeLastTurn(message);
    } finally {
      this.busy = false;
      this.progress = '';
      this.abort = undefined;
      const last = this.turns.at(-1);
      host.endStreaming(last === undefined || last.code === '');
    }
  }
}

if (!customElements.get('pg-llm-panel')) customElements.define('pg-llm-panel', PgLlmPanel);

declare global {
  interface HTMLElementTagNameMap {
    'pg-llm-panel': PgLlmPanel;
  }
}
