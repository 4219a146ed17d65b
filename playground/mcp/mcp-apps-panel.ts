import { Client, StreamableHTTPClientTransport } from '@modelcontextprotocol/client';
import { getToolUiResourceUri } from '@modelcontextprotocol/ext-apps/app-bridge';
import { SuipMcpApp } from '../../adapters/mcp-apps/index.ts';

/**
 * The playground's MCP Apps panel: connect to an MCP server (Streamable HTTP), list its tools that
 * have a UI, and show one next to the suip programs through `<suip-mcp-app>` (the sandbox proxy of
 * `suip mcp --sandbox-port`). Tool calls from a view are asked about each time (`confirm`).
 * Self-contained: `mountMcpAppsPanel(parent)` is its only hook.
 */
export function mountMcpAppsPanel(parent: HTMLElement): HTMLElement {
  const panel = document.createElement('details');
  panel.className = 'pg-mcp-apps';
  panel.style.cssText = 'margin-top:8px;font-size:14px;';
  panel.dataset.testid = 'mcp-apps-panel';
  panel.innerHTML = `<summary>MCP Apps</summary>
<form style="display:grid;gap:4px;margin:6px 0">
  <label>MCP server <input name="server" type="url" required placeholder="http://127.0.0.1:6790/mcp"></label>
  <label>Sandbox proxy <input name="sandbox" type="url" required placeholder="http://127.0.0.1:6791/sandbox.html"></label>
  <label>Arguments (JSON) <input name="args" value="{}"></label>
  <button type="submit">Connect</button>
</form>
<p class="pg-mcp-status" role="status"></p>
<ul class="pg-mcp-tools"></ul>`;
  const form = panel.querySelector('form')!;
  const status = panel.querySelector('.pg-mcp-status')!;
  const list = panel.querySelector('.pg-mcp-tools')!;
  const view = new SuipMcpApp();
  panel.appendChild(view);
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
        button.addEventListener('click', () => {
          view.options = { client: client!, tool: tool.name, arguments: args, sandboxUrl, consent: { ask: async (call) => confirm(`Let the app call ${call.name}?`) }, onMessage: (text) => (status.textContent = `the app says: ${text}`) };
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
