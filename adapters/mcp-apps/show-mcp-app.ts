import {
  AppBridge,
  getToolUiResourceUri,
  isToolVisibilityAppOnly,
  isToolVisibilityModelOnly,
  PostMessageTransport,
  RESOURCE_MIME_TYPE,
  type McpUiHostContext,
} from '@modelcontextprotocol/ext-apps/app-bridge';
import type { CallToolResult, Client, Tool } from '@modelcontextprotocol/client';
import { MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import { urlCredentials } from '../../core/policy/url-policy.ts';
import { McpAppError } from './mcp-app-error.ts';
import { hostStyleVariables } from './host-styles.ts';
import { createChannelBudget } from './program-outputs.ts';
import { consents, type ToolConsent } from './tool-consent.ts';

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

/**
 * Shows an MCP App view from any MCP server in `container`, the spec's way: the tool's `ui://`
 * resource is read through the host's client, put into the sandbox proxy (a frame on another
 * origin whose CSP header is the resource's declared one) and driven with the SDK's `AppBridge`.
 * Tool calls from the view go to the server only through this host and its consent rule; a view
 * that stops answering pings is removed, and the host page keeps running (it never runs view code).
 */
export async function showMcpApp(container: HTMLElement, options: ShowMcpAppOptions): Promise<McpAppView> {
  const timing = { readyMs: 10_000, pingEveryMs: 2_000, pingTimeoutMs: 3_000, ...options.timing };
  const tools = await listAllTools(options.client);
  const tool: Tool | undefined = tools.find((candidate) => candidate.name === options.tool);
  if (tool === undefined)
    throw new McpAppError(
      'unknown-tool',
      `the server has no tool ${JSON.stringify(options.tool)}; it has ${tools.map((t) => t.name).join(', ') || 'none'}`,
    );
  const uri = getToolUiResourceUri(tool);
  if (uri === undefined || !uri.startsWith('ui://'))
    throw new McpAppError('no-ui', `the tool ${tool.name} links no ui:// resource (_meta.ui.resourceUri)`);
  const resource = await options.client.readResource({ uri });
  const content = resource.contents.length === 1 ? resource.contents[0] : undefined;
  if (content === undefined || content.mimeType !== RESOURCE_MIME_TYPE)
    throw new McpAppError('bad-resource', `${uri} must be exactly one ${RESOURCE_MIME_TYPE} content`);
  const html =
    'text' in content && typeof content.text === 'string'
      ? content.text
      : 'blob' in content && typeof content.blob === 'string'
        ? decodeBase64(content.blob)
        : undefined;
  // SECURITY: the resource is hostile input: bounded before it goes anywhere.
  if (html === undefined || html.length > MCP_APP_LIMITS.maxResourceBytes)
    throw new McpAppError(
      'bad-resource',
      `${uri} is not HTML text of at most ${MCP_APP_LIMITS.maxResourceBytes} bytes`,
    );
  const declared = (content._meta as { ui?: { csp?: unknown } } | undefined)?.ui?.csp;
  const csp = typeof declared === 'object' && declared !== null ? declared : undefined;

  const iframe = document.createElement('iframe');
  // SECURITY: the proxy (and the view inside, which inherits these flags) may run scripts and
  // forms only: an opaque origin, no popups, no modals (alert/confirm/print), no top navigation.
  iframe.setAttribute('sandbox', 'allow-scripts allow-forms');
  iframe.setAttribute('referrerpolicy', 'no-referrer');
  iframe.title = `${tool.title ?? tool.name} (MCP App)`;
  iframe.style.cssText = 'display:block;width:100%;border:0;height:120px;';
  const src = new URL(options.sandboxUrl);
  src.searchParams.set('host', location.origin);
  if (csp !== undefined) src.searchParams.set('csp', JSON.stringify(csp));
  iframe.src = src.href;

  const capabilities = { openLinks: {}, serverTools: {}, message: { text: {} }, updateModelContext: { text: {} } };
  const hostContext: McpUiHostContext = {
    theme: 'light',
    displayMode: 'inline',
    availableDisplayModes: ['inline'],
    platform: 'web',
    ...options.hostContext,
  };
  const bridge = new AppBridge(null, HOST_INFO, capabilities, { hostContext: withHostStyles(container, hostContext) });
  let failed: ((error: McpAppError) => void) | undefined;
  let closed = false;
  const calls = createRateBudget(10);
  let inFlight = 0;
  // SECURITY: a view in a loop cannot flood the conversation or the user with link prompts.
  const messages = createChannelBudget('message');
  const links = createChannelBudget('open-link');

  bridge.oncalltool = async (params) => {
    const call = {
      name: String(params.name).slice(0, MCP_APP_LIMITS.maxToolNameChars),
      arguments: (params.arguments ?? {}) as Record<string, unknown>,
      app: uri,
    };
    const target = tools.find((candidate) => candidate.name === call.name);
    const refuse = (text: string): CallToolResult => ({ content: [{ type: 'text', text }], isError: true });
    if (target === undefined) return refuse(`the server has no tool ${JSON.stringify(call.name)}`);
    if (isToolVisibilityModelOnly(target))
      return refuse(`the tool ${call.name} is for the model only; a view cannot call it`);
    // SECURITY: a view cannot flood the server through the host: a rate and an in-flight budget.
    if (!calls.take() || inFlight >= MCP_APP_LIMITS.maxCallsInFlight)
      return refuse('too many tool calls from this view; wait for the answers before calling again');
    // Counted before the consent prompt: calls waiting on the user hold a place too, so prompts cannot pile up.
    inFlight += 1;
    try {
      // Answers the user asked to remember hold for this client (the session with this server), per app and tool.
      const allowed = await consents(options.consent, call, options.client, isToolVisibilityAppOnly(target));
      if (!allowed) return refuse(`the host did not allow the view to call ${call.name}`);
      return (await options.client.callTool({ name: call.name, arguments: call.arguments })) as CallToolResult;
    } finally {
      inFlight -= 1;
    }
  };
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
    // SECURITY: a link whose userinfo dresses a host as another (`https://claude.ai@evil.example`) never reaches the
    // host.
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

  let listen: ((event: MessageEvent) => void) | undefined;
  const proxyReady = new Promise<void>((resolve) => {
    listen = (event: MessageEvent) => {
      // Identity, not origin: the proxy's origin is opaque ("null").
      if (
        event.source !== iframe.contentWindow ||
        (event.data as { method?: unknown } | null)?.method !== 'ui/notifications/sandbox-proxy-ready'
      )
        return;
      window.removeEventListener('message', listen!);
      resolve();
    };
    window.addEventListener('message', listen);
  });
  const initialized = new Promise<void>((resolve) => (bridge.oninitialized = () => resolve()));
  container.appendChild(iframe);
  const result = Promise.resolve(
    options.client.callTool({ name: tool.name, arguments: options.arguments ?? {} }) as Promise<CallToolResult>,
  );
  result.catch(() => undefined);
  try {
    await withTimeout(
      proxyReady,
      timing.readyMs,
      "the sandbox proxy did not load (is it served, and does it allow this page's origin?)",
    );
    await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
    await bridge.sendSandboxResourceReady({ html, ...(csp !== undefined ? { csp } : {}) });
    await withTimeout(initialized, timing.readyMs, `the view of ${tool.name} did not initialize`);
  } catch (error) {
    // A proxy that never got ready leaves no listener behind (each failed show would add one).
    if (listen !== undefined) window.removeEventListener('message', listen);
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

  // A view runs in its own process (an opaque-origin frame), so a loop there cannot stall this page;
  // a view that stops answering is removed so it does not hold a process and a place on the page.
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
          `the view of ${tool.name} did not answer for ${timing.pingTimeoutMs} ms and was removed`,
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

/** Every tool of the server, page by page (at most 20 pages: a server that never stops paging is cut off). */
async function listAllTools(client: ShowMcpAppOptions['client']): Promise<Tool[]> {
  const tools: Tool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const answer = await client.listTools(cursor !== undefined ? { cursor } : undefined);
    tools.push(...answer.tools);
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}

function decodeBase64(text: string): string | undefined {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(text), (c) => c.charCodeAt(0)));
  } catch {
    return undefined;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout>;
  return Promise.race([
    promise,
    new Promise<never>(
      (_, reject) => (timer = setTimeout(() => reject(new McpAppError('timeout', `${what} within ${ms} ms`)), ms)),
    ),
  ]).finally(() => clearTimeout(timer));
}
