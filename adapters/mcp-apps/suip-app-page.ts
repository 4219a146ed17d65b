import { App, type McpUiHostContext } from '@modelcontextprotocol/ext-apps';
import { createRenderer, type GeneratorHandle, type Renderer } from '../../renderer/index.ts';
import { INPUT_CHANNELS, MCP_APP_LIMITS } from '../../shared/neighbours/mcp-apps/constants.ts';
import { readRenderResult } from '../../shared/neighbours/mcp-apps/render-result.ts';
import { suipTokensFromHostStyles } from '../../shared/neighbours/mcp-apps/theme-map.ts';
import { createOutputRouter, PROGRAM_OUTPUTS } from './program-outputs.ts';
import { jsonBytes } from './program-tool-calls.ts';

/**
 * suip as an MCP App: the script of `ui://suip/app.html`, the page an MCP host (Claude, ChatGPT,
 * VS Code, a suip host…) shows for `suip_render`. It speaks MCP Apps to the host with the SDK's
 * `App` and runs the program in suip's own sandbox (a nested `allow-scripts` srcdoc frame whose
 * relay runs the program in a blob Worker), so the program can reach neither this page nor the
 * host: only SUIP ops and data-plane values cross. Tool input, tool result and host context reach
 * the program as `suip.onInput` channels; its outputs become `tools/call`, `ui/message`,
 * `ui/open-link` and `ui/update-model-context` through the host.
 */

const root = document.getElementById('suip-root')!;
const status = document.getElementById('suip-status')!;
const app = new App({ name: 'suip', version: '0.1.0' }, {}, { autoResize: true });

let renderer: Renderer | undefined;
let handle: GeneratorHandle | undefined;
let running: string | undefined;
let runs = 0;
/** The latest value per input channel: a program (re)started later still hears them. */
const latest = new Map<string, unknown>();

function say(message: string, kind: 'info' | 'error' = 'info'): void {
  status.textContent = message;
  status.dataset.kind = kind;
  status.hidden = message === '';
}

function send(channel: string, value: unknown): void {
  const size = jsonBytes(value);
  // A value the program could never take is not kept for a replay either: the user is told once.
  if (size === undefined || size > MCP_APP_LIMITS.maxInputValueBytes) {
    latest.delete(channel);
    return say(
      `could not pass ${channel} to the program: it is ${size === undefined ? 'not JSON' : `${size} bytes of JSON`}, over the ${MCP_APP_LIMITS.maxInputValueBytes}-byte limit`,
      'error',
    );
  }
  latest.set(channel, value);
  try {
    handle?.input(channel, value);
  } catch (error) {
    // Not ready yet (it gets `latest` once attached) or over a budget: the program is told nothing, the user is.
    if ((error as { code?: unknown }).code !== 'not-ready')
      say(`could not pass ${channel} to the program: ${(error as Error).message}`, 'error');
  }
}

const route = createOutputRouter(app, send, (message) => say(message, 'error'));

function applyContext(context: McpUiHostContext | undefined): void {
  if (context === undefined) return;
  if (context.theme === 'light' || context.theme === 'dark') {
    document.documentElement.dataset.theme = context.theme;
    document.documentElement.style.colorScheme = context.theme;
    const tree = root.querySelector('suip-tree') as (HTMLElement & { theme?: string }) | null;
    if (tree !== null) tree.theme = context.theme;
  }
  for (const [token, value] of suipTokensFromHostStyles(context.styles?.variables))
    document.documentElement.style.setProperty(token, value);
  send(INPUT_CHANNELS.hostContext, {
    theme: context.theme,
    locale: context.locale,
    displayMode: context.displayMode,
    containerDimensions: context.containerDimensions,
  });
}

async function run(program: string): Promise<void> {
  if (program === running) return;
  if (program.length > MCP_APP_LIMITS.maxProgramChars)
    return say(`the program is longer than ${MCP_APP_LIMITS.maxProgramChars} characters`, 'error');
  running = program;
  runs += 1;
  const context = app.getHostContext();
  renderer ??= createRenderer(root, {
    hostContext: {
      theme: context?.theme === 'dark' ? 'dark' : 'light',
      locale: typeof context?.locale === 'string' ? context.locale.slice(0, 64) : 'en',
    },
  });
  const previous = handle;
  handle = undefined;
  // A second program (the model's, after a given one) takes over what the first shows.
  if (previous !== undefined) await previous.detach({ keep: true });
  try {
    const next = await renderer.attach({
      id: 'tool',
      code: program,
      outputs: PROGRAM_OUTPUTS,
      ...(previous !== undefined ? { adopt: true } : {}),
    });
    if (running !== program) return void next.detach();
    handle = next;
    next.onOutput(route);
    for (const [channel, value] of latest) send(channel, value);
    say('');
    document.body.dataset.suipRuns = String(runs);
  } catch (error) {
    say(`the program did not start: ${(error as Error).message}`, 'error');
  }
}

root.addEventListener('suip-error', (event) => {
  const detail = (event as CustomEvent<{ error: { message: string } }>).detail;
  say(detail.error.message, 'error');
});

// Where the program runs, never silently: on the page (for a test or a curious user) and, when the
// host's CSP refused the Worker, in the host's log (MCP `notifications/message`).
root.addEventListener('suip-isolation', (event) => {
  document.body.dataset.suipIsolation = event.detail.mode;
  if (event.detail.mode === 'frame')
    void app.sendLog({ level: 'warning', logger: 'suip', data: event.detail.message }).catch(() => undefined);
});

app.ontoolinput = ({ arguments: args }) => {
  if (typeof args?.program === 'string') void run(args.program);
  else if (typeof args?.request === 'string') say('the model is writing the program…');
  send(INPUT_CHANNELS.toolInput, args ?? {});
};
app.ontoolresult = (result) => {
  const render = readRenderResult(result.structuredContent);
  if (render === undefined) return say('the tool result carries no suip program', 'error');
  if (render.program !== '') void run(render.program);
  if (render.error !== undefined) say(render.error, 'error');
  send(INPUT_CHANNELS.toolResult, render.data ?? null);
};
app.ontoolcancelled = ({ reason }) => say(`the tool call was cancelled${reason ? `: ${reason}` : ''}`, 'error');
// The SDK merges the partial change into its context first; the program hears the whole context.
app.onhostcontextchanged = () => applyContext(app.getHostContext());
app.onteardown = async () => {
  await handle?.detach();
  return {};
};

await app.connect();
applyContext(app.getHostContext());
document.body.dataset.mcpConnected = 'yes';
