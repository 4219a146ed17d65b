import { McpAppError } from './mcp-app-error.ts';
import { showMcpApp, type McpAppView, type ShowMcpAppOptions } from './show-mcp-app.ts';

// Importing this module in Node (server-side rendering, tests) must not throw: the element only exists in a DOM.
const Base: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

/**
 * `<suip-mcp-app>`: a host element that shows one MCP App view (any MCP server's tool UI) with
 * `showMcpApp`. Set `options` (without a container) and call `show()`; it fires `mcp-app-ready`,
 * `mcp-app-message` (detail: text) and `mcp-app-error` (detail: `McpAppError`), and shows a failure
 * in place of the view, so a broken app never leaves an empty hole. Register it with
 * `defineSuipMcpApp()`: a page that imports only this module's types (a type-only import is dropped
 * by compilers without `verbatimModuleSyntax`) still gets the element.
 */
export class SuipMcpApp extends Base {
  /** What to show: the client, tool, arguments, sandbox proxy URL and consent rule. */
  options: ShowMcpAppOptions | undefined;
  private view: McpAppView | undefined;

  /** Show the view (closing the one shown before); resolves once it is initialized and has its input. */
  async show(): Promise<McpAppView | undefined> {
    const options = this.options;
    if (options === undefined)
      throw new McpAppError('unknown-tool', 'set options ({client, tool, sandboxUrl, …}) before show()');
    await this.close();
    this.replaceChildren();
    try {
      const view = await showMcpApp(this, {
        ...options,
        onMessage: (text) => {
          options.onMessage?.(text);
          this.dispatchEvent(new CustomEvent('mcp-app-message', { detail: text, bubbles: true, composed: true }));
        },
      });
      view.onFailure((error) => this.fail(error));
      this.view = view;
      this.dispatchEvent(new CustomEvent('mcp-app-ready', { bubbles: true, composed: true }));
      return view;
    } catch (error) {
      this.fail(
        error instanceof McpAppError
          ? error
          : new McpAppError('bad-resource', error instanceof Error ? error.message : String(error)),
      );
      return undefined;
    }
  }

  /** Tear the view down (graceful `ui/resource-teardown` first). */
  async close(): Promise<void> {
    const view = this.view;
    this.view = undefined;
    await view?.close();
  }

  disconnectedCallback(): void {
    void this.close();
  }

  private fail(error: McpAppError): void {
    this.view = undefined;
    const note = document.createElement('p');
    note.setAttribute('role', 'alert');
    note.dataset.code = error.code;
    note.textContent = `This app could not be shown: ${error.message}`;
    this.replaceChildren(note);
    this.dispatchEvent(new CustomEvent('mcp-app-error', { detail: error, bubbles: true, composed: true }));
  }
}

/** Register `<suip-mcp-app>` (idempotent; another `name` registers the same element under it). */
export function defineSuipMcpApp(name = 'suip-mcp-app'): void {
  if (customElements.get(name) !== undefined) return;
  // The class itself under its own name, so `new SuipMcpApp()` constructs; a class registers under
  // one name only, so another name gets a subclass of it.
  customElements.define(name, name === 'suip-mcp-app' ? SuipMcpApp : class extends SuipMcpApp {});
}

// Pages that imported the element for its registration keep it (only where a DOM exists).
if (typeof customElements !== 'undefined') defineSuipMcpApp();

declare global {
  interface HTMLElementTagNameMap {
    'suip-mcp-app': SuipMcpApp;
  }
}
