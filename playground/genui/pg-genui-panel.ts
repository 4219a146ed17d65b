import { LitElement, html } from 'lit';
import { createGenuiClient, type GenuiClient } from '../../adapters/genui-v1/index.ts';
import { createRenderer } from '../../renderer/index.ts';

const KEY = 'suip.playground.genui.url';

/**
 * `<pg-genui-panel>`: the playground's "GenUI server" mode. A person types a request and watches
 * the surfaces of a GenUI v1.0 server (`npm run server -- --llm-url …`: the model is configured
 * once, on the server, and its key never reaches this page) stream into a renderer of its own.
 * The conversation the client holds is shown below it and logged to the devtools console.
 */
export class PgGenuiPanel extends LitElement {
  static override properties = { url: { state: true }, conversation: { state: true }, busy: { state: true } };
  url = sessionStorage.getItem(KEY) ?? 'http://127.0.0.1:6781/genUI';
  conversation = '[]';
  busy = false;
  private client?: GenuiClient;
  private readonly stage = Object.assign(document.createElement('div'), { className: 'genui-stage' });

  protected override createRenderRoot() {
    return this;
  }

  private connect(): GenuiClient {
    if (this.client) return this.client;
    const renderer = createRenderer(this.stage, {
      hostContext: { theme: 'light', locale: navigator.language || 'en' },
    });
    this.client = createGenuiClient(renderer, {
      url: this.url,
      onRequest: (body) => console.debug('[genui] request', body),
      onChunk: (chunk) => console.debug('[genui] chunk', chunk),
      onTurn: () => {
        this.busy = false;
        this.conversation = JSON.stringify(this.client?.conversation.history() ?? [], null, 2);
      },
    });
    return this.client;
  }

  private send(event: Event) {
    event.preventDefault();
    const input = this.querySelector<HTMLTextAreaElement>('textarea')!;
    const text = input.value.trim();
    if (text === '' || this.busy) return;
    input.value = '';
    this.busy = true;
    void this.connect().send(text);
  }

  override render() {
    return html`
      <form @submit=${this.send}>
        <label>GenUI endpoint <input .value=${this.url} ?disabled=${this.client !== undefined} @change=${(e: Event) => sessionStorage.setItem(KEY, (this.url = (e.target as HTMLInputElement).value))} /></label>
        <label>Your request <textarea rows="2" placeholder="A form to book a table for two"></textarea></label>
        <button type="submit" class="primary" ?disabled=${this.busy}>Send</button>
      </form>
      ${this.stage}
      <details><summary>Conversation (client-held history)</summary><pre>${this.conversation}</pre></details>
    `;
  }
}
customElements.define('pg-genui-panel', PgGenuiPanel);
