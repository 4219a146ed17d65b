import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import { SuipMcpApp } from '../../adapters/mcp-apps/index.ts';

/**
 * The playground's MCP Apps panel: connect to an MCP server (Streamable HTTP), list its tools that
 * have a UI, and show one next to the suip programs through `<suip-mcp-app>` (the sandbox proxy of
 * `suip mcp --sandbox-port`). Tool calls from a view are asked about each time (`confirm`).
 * Self-contained: `mountMcpAppsPanel(parent, stage)` is its only hook (the view goes into `stage`).
 */
export function mountMcpAppsPanel(parent: HTMLElement, stage: HTMLElement = parent): HTMLElement {
  const panel = document.createElement('details');
  // The card of the "Generate with a model" panel beside it (playground.css styles both).
  panel.className = 'pg-mcp-apps';
  panel.dataset.testid = 'mcp-apps-panel';
  panel.innerHTML = `<summary>MCP Apps <span class="hint">show an MCP server's tool UI</span></summary>
<form class="pg-mcp-form">
  <label for="pg-mcp-server">MCP server</label>
  <input id="pg-mcp-server" name="server" type="url" required placeholder="http://127.0.0.1:6790/mcp">
  <label for="pg-mcp-sandbox">Sandbox proxy</label>
  <input id="pg-mcp-sandbox" name="sandbox" type="url" required placeholder="http://127.0.0.1:6791/sandbox.html">
  <label for="pg-mcp-args">Arguments (JSON)</label>
  <input id="pg-mcp-args" name="args" value="{}" spellcheck="false">
  <p class="note">Start one with <code>npx suip mcp --sandbox-port 6791 --origins ${location.origin}</code>.</p>
  <div class="actions"><button type="submit" class="primary">Connect</button>
  <span class="pg-mcp-status" role="status"></span></div>
</form>
<ul class="pg-mcp-tools"></ul>`;
  const form = panel.querySelector('form')!;
  const status = panel.querySelector('.pg-mcp-status')!;
  const list = panel.querySelector('.pg-mcp-tools')!;
  // The view is drawn where the programs are (the stage), not in the narrow code column.
  const frame = document.createElement('section');
  frame.className = 'pg-mcp-view';
  frame.setAttribute('aria-label', 'MCP App');
  frame.hidden = true;
  const title = document.createElement('h2');
  const view = new SuipMcpApp();
  frame.append(title, view);
  stage.appendChild(frame);
  let client: Client | undefined;

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const data = new FormData(form);
    void connect(String(data.get('server')), String(data.get('sandbox')), String(data.get('args')));
  });

  async function connect(server: string, sandboxUrl: string, argsText: string): Promise<void> {
    list.replaceChildren();
    status.textContent = 'connecting…';
    try {
      const args = JSON.parse(argsText || '{}') as Record<string, unknown>;
      await client?.close();
      client = new Client({ name: 'suip-playground', version: '0.1.0' });
      await client.connect(new StreamableHTTPClientTransport(new URL(server)));
      const { tools } = await client.listTools();
      const withUi = tools.filter((tool) => getToolUiResourceUri(tool) !== undefined);
      status.textContent = `${withUi.length} of ${tools.length} tools have a UI`;
      for (const tool of withUi) {
        const item = document.createElement('li');
        const button = document.createElement('button');
        button.type = 'button';
        button.textContent = tool.title ?? tool.name;
        button.className = 'chip';
        button.addEventListener('click', () => {
          title.textContent = `MCP App: ${tool.title ?? tool.name}`;
          frame.hidden = false;
          view.options = {
            client: client!,
            tool: tool.name,
            arguments: args,
            sandboxUrl,
            consent: { ask: async (call) => confirm(`Let the app call ${call.name}?`) },
            onMessage: (text) => (status.textContent = `the app says: ${text}`),
          };
          void view.show();
        });
        item.appendChild(button);
        list.appendChild(item);
      }
    } catch (error) {
      status.textContent = `could not connect: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  parent.appendChild(panel);
  return panel;
}
