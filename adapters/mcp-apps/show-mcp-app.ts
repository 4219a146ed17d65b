import { AppBridge, PostMessageTransport, type McpUiHostContext } from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { urlCredentials } from '../../core/policy/url-policy.ts';
import { createChannelBudget } from './channel-budget.ts';
import { McpAppError } from './mcp-app-error.ts';
import { hostStyleVariables } from './host-styles.ts';
import type { ToolConsent } from './tool-consent.ts';
import { createViewFrame, proxyReady } from './view-frame.ts';
import { readViewResource, type ViewResource } from './view-resource.ts';
import { ViewToolCalls } from './view-tool-calls.ts';
import { withTimeout } from './with-timeout.ts';

/** What showing one MCP App view needs. */
export interface ShowMcpAppOptions {
  /** The host's connected MCP client for the server that owns the tool. */
  client: Pick<Client, 'listTools' | 'readResource' | 'callTool'>;
  /** The tool whose UI to show; it is called with `arguments` and its result goes to the view. */
  tool: string;
  arguments?: Record<string, unknown>;
  /** The sandbox proxy page (`/sandbox.html` of `serveSandboxProxy`), on another origin than this page. */
  sandboxUrl: string;
  /** Which tool calls from the view the host lets through (default: none). */
  consent?: ToolConsent;
  /** Theme, locale, styles… given to the view (`ui/initialize`). */
  hostContext?: McpUiHostContext;
  /** A `ui/message` from the view (text of its blocks); the default drops it. */
  onMessage?: (text: string) => void;
  /** A `ui/open-link` (http/https only reach here); resolve true if opened. Default: refused. */
  onOpenLink?: (url: string) => Promise<boolean>;
  /** Readiness and responsiveness budgets (ms); tests shorten them. */
  timing?: { readyMs?: number; pingEveryMs?: number; pingTimeoutMs?: number };
}

/** A shown view. */
export interface McpAppView {
  readonly iframe: HTMLIFrameElement;
  /** The tool's own result (what the view was sent). */
  readonly result: Promise<CallToolResult>;
  /** Tell the view (`ui/notifications/host-context-changed`). */
  setHostContext(context: McpUiHostContext): void;
  /** End the view: graceful teardown, then the frames go. */
  close(): Promise<void>;
  /** Called once if the view is removed because it stopped answering. */
  onFailure(listener: (error: McpAppError) => void): void;
}

const HOST_INFO = { name: 'suip', version: '0.1.0' };
const HOST_CAPABILITIES = { openLinks: {}, serverTools: {}, message: { text: {} }, updateModelContext: { text: {} } };

/**
 * Answers a view's requests to the host: tool calls (`ViewToolCalls`), messages and links under
 * their channel budgets, model context, display mode (inline only) and size (bounded).
 */
function answerViewRequests(
  bridge: AppBridge,
  iframe: HTMLIFrameElement,
  options: ShowMcpAppOptions,
  view: ViewResource,
): void {
  const toolCalls = new ViewToolCalls({
    client: options.client,
    tools: view.tools,
    uri: view.uri,
    consent: options.consent,
  });
  // SECURITY: a view in a loop cannot flood the conversation or the user with link prompts.
  const messages = createChannelBudget('message');
  const links = createChannelBudget('open-link');
  bridge.oncalltool = async (params) => toolCalls.call(params);
  bridge.onmessage = async (params) => {
    const why = messages.take();
    // The bridge answers a thrown error as a JSON-RPC error: the view's sendMessage rejects with this text.
    if (why !== undefined) throw new Error(`ui/message refused: ${why}`);
    try {
      const text = params.content
        .flatMap((block) => (block.type === 'text' ? [block.text] : []))
        .join('\n')
        .slice(0, MCP_APP_LIMITS.maxMessageChars);
      options.onMessage?.(text);
      return options.onMessage === undefined ? { isError: true } : {};
    } finally {
      messages.done();
    }
  };
  bridge.onopenlink = async ({ url }) => {
    // SECURITY: only http(s) reaches the host's callback; the view never navigates anything itself.
    if (!/^https?:\/\//i.test(url) || options.onOpenLink === undefined) return { isError: true };
    // SECURITY: a link whose userinfo dresses a host as another (`https://claude.ai@evil.example`) never
    // reaches the host.
    const credentials = urlCredentials(url);
    if (credentials !== undefined) throw new Error(`ui/open-link refused: ${credentials}`);
    const why = links.take();
    if (why !== undefined) throw new Error(`ui/open-link refused: ${why}`);
    try {
      return (await options.onOpenLink(url).catch(() => false)) ? {} : { isError: true };
    } finally {
      links.done();
    }
  };
  bridge.onupdatemodelcontext = async () => ({});
  bridge.onrequestdisplaymode = async () => ({ mode: 'inline' });
  bridge.onsizechange = ({ height }) => {
    if (typeof height === 'number' && Number.isFinite(height))
      iframe.style.height = `${Math.max(0, Math.min(Math.ceil(height), MCP_APP_LIMITS.maxViewHeight))}px`;
  };
}

/**
 * Shows an MCP App view from any MCP server in `container`, the spec's way: the tool's `ui://`
 * resource is read through the host's client, put into the sandbox proxy (a frame on another
 * origin whose CSP header is the resource's declared one) and driven with the SDK's `AppBridge`.
 * Tool calls from the view go to the server only through this host and its consent rule; a view
 * that stops answering pings is removed, and the host page keeps running (it never runs view code).
 */
export async function showMcpApp(container: HTMLElement, options: ShowMcpAppOptions): Promise<McpAppView> {
  const timing = { readyMs: 10_000, pingEveryMs: 2_000, pingTimeoutMs: 3_000, ...options.timing };
  const view = await readViewResource(options.client, options.tool);
  const { tool, html, csp } = view;
  const iframe = createViewFrame(tool, options.sandboxUrl, csp);
  const hostContext: McpUiHostContext = {
    theme: 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    ...options.hostContext,
  };
  const bridge = new AppBridge(null, HOST_INFO, HOST_CAPABILITIES, {
    hostContext: withHostStyles(container, hostContext),
  });
  answerViewRequests(bridge, iframe, options, view);
  const proxy = proxyReady(iframe);
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  container.appendChild(iframe);
  const result = Promise.resolve(
    options.client.callTool({ name: tool.name, arguments: options.arguments ?? {} }) as Promise<CallToolResult>,
  );
  result.catch(() => undefined);
  try {
    await withTimeout(
      proxy.ready,
      timing.readyMs,
      "the sandbox proxy did not load (is it served, and does it allow this page's origin?)",
    );
    await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
    await bridge.sendSandboxResourceReady({ html, ...(csp !== undefined ? { csp } : {}) });
    await withTimeout(initialized, timing.readyMs, `the view of ${tool.name} did not initialize`);
  } catch (error) {
    // A proxy that never got ready leaves no listener behind (each failed show would add one).
    proxy.cancel();
    iframe.remove();
    void bridge.close();
    throw error;
  }
  await bridge.sendToolInput({ arguments: options.arguments ?? {} });
  result.then(
    (value) => void bridge.sendToolResult(value).catch(() => undefined),
    (error: unknown) =>
      void bridge
        .sendToolCancelled({ reason: String(error instanceof Error ? error.message : error).slice(0, 500) })
        .catch(() => undefined),
  );
  return shownView(container, bridge, iframe, result, tool.name, timing);
}

/**
 * The shown view's handle. A view runs in its own process (an opaque-origin frame), so a loop there
 * cannot stall this page; a view that stops answering pings is removed so it does not hold a
 * process and a place on the page.
 */
function shownView(
  container: HTMLElement,
  bridge: AppBridge,
  iframe: HTMLIFrameElement,
  result: Promise<CallToolResult>,
  toolName: string,
  timing: { pingEveryMs: number; pingTimeoutMs: number },
): McpAppView {
  let failed: ((error: McpAppError) => void) | undefined;
  let closed = false;
  const pinger = setInterval(() => {
    bridge.request({ method: 'ping' }, { timeout: timing.pingTimeoutMs }).catch(() => {
      if (closed) return;
      closed = true;
      clearInterval(pinger);
      iframe.remove();
      void bridge.close();
      failed?.(
        new McpAppError(
          'unresponsive',
          `the view of ${toolName} did not answer for ${timing.pingTimeoutMs} ms and was removed`,
        ),
      );
    });
  }, timing.pingEveryMs);
  return {
    iframe,
    result,
    setHostContext(context) {
      bridge.setHostContext(withHostStyles(container, context));
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(pinger);
      await withTimeout(bridge.teardownResource({}), 1000, 'teardown').catch(() => undefined);
      iframe.remove();
      await bridge.close();
    },
    onFailure(listener) {
      failed = listener;
    },
  };
}

/**
 * `context` with the host page's theme as style variables (`hostStyleVariables`), for the theme
 * it names; variables the host gave itself win. A context that changes no theme is left as it is.
 */
function withHostStyles(container: HTMLElement, context: McpUiHostContext): McpUiHostContext {
  if (context.theme === undefined && context.styles === undefined) return context;
  const theme = context.theme === 'dark' ? 'dark' : 'light';
  const variables = { ...hostStyleVariables(container, theme), ...context.styles?.variables };
  return { ...context, styles: { ...context.styles, variables } };
}
