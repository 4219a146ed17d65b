import { systemPrompt } from '../generator/kit.ts';
import {
  BUILTIN_VOCABULARY,
  createGroupChecker,
  createRenderer,
  effectivePolicy,
  type HostPolicy,
} from '../renderer/index.ts';
import { PgApp } from './app/pg-app.ts';
import { PlaygroundHost } from './app/playground-host.ts';
import { sideBySide } from './app/side-by-side.ts';
import { createThemeController } from './app/theme.ts';
import { mountMcpAppsPanel } from './mcp/mcp-apps-panel.ts';
import './playground.css';

/**
 * The playground page's entry: one renderer with the built-in vocabulary, the host model around
 * it, and the `<pg-app>` shell. `window.suipPlayground` is the hook the e2e suite reads.
 */
const stage = document.createElement('div');
stage.className = 'stage';
stage.dataset.testid = 'stage';
const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
const hostContext: { theme: 'light' | 'dark'; locale: string } = { theme: 'light', locale: navigator.language || 'en' };
/** What this page lets programs do: stated once, enforced by the renderer and told to the model. */
const hostPolicy: HostPolicy = {};
const renderer = createRenderer(stage, { vocabulary: BUILTIN_VOCABULARY, checkGroup, hostPolicy, hostContext });
sideBySide(stage);
// Before any program attaches: the theme switch's choice (or the system's) is what the first one is told.
const theme = createThemeController(stage, hostContext);
const host = new PlaygroundHost(renderer, stage, { checkGroup });

const app = new PgApp();
app.wiring = {
  host,
  stage,
  theme,
  errorState: true,
  systemPrompt: () => systemPrompt(BUILTIN_VOCABULARY, { hostContext, policy: effectivePolicy(hostPolicy) }),
};
document.querySelector('#app')?.replaceWith(app);
app.id = 'app';
// MCP Apps (issue 32): connect to an MCP server and show its tools' UIs next to the programs (under the code column's
// panels).
void app.updateComplete.then(() =>
  mountMcpAppsPanel(
    app.querySelector('details.genui')?.parentElement ?? document.body,
    app.querySelector<HTMLElement>('section.ui') ?? undefined,
  ),
);

Object.assign(window, { suipPlayground: { host, app, renderer, theme, ready: app.start() } });
