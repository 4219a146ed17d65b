import { systemPrompt } from '../generator/kit.ts';
import { BUILTIN_VOCABULARY, createGroupChecker, createRenderer, createUrlPolicy } from '../renderer/index.ts';
import { PgApp } from './app/pg-app.ts';
import { PlaygroundHost } from './app/playground-host.ts';
import { sideBySide } from './app/side-by-side.ts';
import { createThemeController } from './app/theme.ts';
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
const renderer = createRenderer(stage, { vocabulary: BUILTIN_VOCABULARY, checkGroup, policy: createUrlPolicy(), hostContext });
sideBySide(stage);
// Before any program attaches: the theme switch's choice (or the system's) is what the first one is told.
const theme = createThemeController(stage, hostContext);
const host = new PlaygroundHost(renderer, stage, { checkGroup });

const app = new PgApp();
app.wiring = { host, stage, theme, errorState: true, systemPrompt: () => systemPrompt(BUILTIN_VOCABULARY, { hostContext }) };
document.querySelector('#app')?.replaceWith(app);
app.id = 'app';

Object.assign(window, { suipPlayground: { host, app, renderer, theme, ready: app.start() } });
