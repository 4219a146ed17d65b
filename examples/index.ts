import chat from './chat.js?raw';
import counter from './counter.js?raw';
import dashboard from './dashboard.js?raw';
import dataTable from './data-table.js?raw';
import kanbanBoard from './kanban-board.js?raw';
import liveTicker from './live-ticker.js?raw';
import quiz from './quiz.js?raw';
import settings from './settings.js?raw';
import setupWizard from './setup-wizard.js?raw';
import signupForm from './signup-form.js?raw';
import todoList from './todo-list.js?raw';
import vocabularyGallery from './vocabulary-gallery.js?raw';
import weatherCard from './weather-card.js?raw';
import { A2UI_EXAMPLES } from './a2ui/index.ts';

/** One example generator program of the playground's menu. */
export interface Example {
  /** Stable id: the file name without `.js`, used in URLs (`#example=todo-list`) and tests. */
  id: string;
  title: string;
  /** One line: what it shows off. */
  summary: string;
  /** The program, exactly as in `examples/<id>.js` (or, for A2UI, the agent's message stream as JSON). */
  code: string;
  /** A suip program (default), or an A2UI agent's messages shown through the A2UI bridge. */
  kind?: 'program' | 'a2ui';
}

/**
 * Every example program, in menu order. Each is a plain generator program written the way a model
 * writes one from `systemPrompt()`: `const { text, group, render } = suip;`, state, a `view()`,
 * handlers that change state and render again.
 */
export const EXAMPLES: readonly Example[] = [
  { id: 'weather-card', title: 'Weather card', summary: 'card, stats, list; a °C/°F switch', code: weatherCard },
  { id: 'todo-list', title: 'Todo list', summary: 'tags, counts, a filter and an empty state', code: todoList },
  { id: 'signup-form', title: 'Sign-up form', summary: 'errors at each field; refused until valid', code: signupForm },
  { id: 'dashboard', title: 'Dashboard', summary: 'stats, bar/line/pie charts and a table', code: dashboard },
  { id: 'quiz', title: 'Quiz', summary: 'progress, feedback and a results screen', code: quiz },
  { id: 'kanban-board', title: 'Kanban board', summary: 'cards moving across and within columns', code: kanbanBoard },
  { id: 'setup-wizard', title: 'Setup wizard', summary: 'steps, progress and checks before Next', code: setupWizard },
  { id: 'data-table', title: 'Data table', summary: 'search, country filter, sort, a chart', code: dataTable },
  { id: 'chat', title: 'Chat', summary: 'a reply streamed token by token (text appends)', code: chat },
  { id: 'settings', title: 'Settings', summary: 'sections of switches, menus and a slider', code: settings },
  { id: 'counter', title: 'Counter', summary: 'the smallest interactive program', code: counter },
  { id: 'live-ticker', title: 'Live ticker', summary: 'prices and a chart updated twice a second', code: liveTicker },
  {
    id: 'vocabulary-gallery',
    title: 'Vocabulary gallery',
    summary: 'every type of suip.vocabulary, searchable',
    code: vocabularyGallery,
  },
];

/** The example with this id (a program or an A2UI stream), if any. */
export function findExample(id: string): Example | undefined {
  return EXAMPLES.find((example) => example.id === id) ?? A2UI_EXAMPLES.find((example) => example.id === id);
}

export { A2UI_EXAMPLES };
