import chat from '../../examples/chat.js?raw';
import counter from '../../examples/counter.js?raw';
import dashboard from '../../examples/dashboard.js?raw';
import dataTable from '../../examples/data-table.js?raw';
import kanbanBoard from '../../examples/kanban-board.js?raw';
import quiz from '../../examples/quiz.js?raw';
import settings from '../../examples/settings.js?raw';
import signupForm from '../../examples/signup-form.js?raw';
import todoList from '../../examples/todo-list.js?raw';
import salesChart from './demo-answers/sales-chart.js?raw';
import signIn from './demo-answers/sign-in.js?raw';
import visitorsBroken from './demo-answers/visitors-broken.js?raw';
import visitorsFixed from './demo-answers/visitors-fixed.js?raw';
import { weatherOslo } from './demo-answers/weather-oslo.ts';

/** One recorded answer of the demo model: the request it answers, and what a model said to it. */
export interface DemoAnswer {
  /** Stable id (tests, the turn's label). */
  id: string;
  /** The suggestion chip's label. */
  chip: string;
  /** The request the chip puts in the box. */
  request: string;
  /** What a request must mention to get this answer (the request's words, not a catch-all). */
  matches: RegExp;
  /** The model's sentence before its program. */
  intro: string;
  /** The program of the first turn. */
  code: string;
  /** The corrected program a repair turn gets, when the recording has one (the visitors card does). */
  repair?: { intro: string; code: string };
}

/**
 * The demo model's recordings, most specific first (the first match answers). Several reuse the
 * example programs (tested in `e2e/playground-examples.spec.ts`); the Oslo weather card, the
 * sign-in and the sales chart were written for their requests. The visitors card's first answer is
 * broken on purpose (a `count` role the `stat` type does not have) so the repair turn is seen.
 */
export const DEMO_ANSWERS: readonly DemoAnswer[] = [
  {
    id: 'visitors',
    chip: 'Visitors card (repaired)',
    request: "A card with today's website visitors and this week's",
    matches: /\bvisitor|\bstatistic|\btraffic/i,
    intro: "Here is a card with today's visitor numbers:",
    code: visitorsBroken,
    repair: { intro: 'The stat\'s number goes in its "value" role:', code: visitorsFixed },
  },
  {
    id: 'weather-oslo',
    chip: 'Weather in Oslo',
    request: 'A weather card for Oslo with a 3-day forecast',
    matches: /\bweather\b.*\boslo\b|\boslo\b.*\bweather\b/i,
    intro: "A weather card for Oslo with today's conditions, three days ahead and a °C/°F switch:",
    code: weatherOslo,
  },
  {
    id: 'sign-in',
    chip: 'Login form',
    request: 'A login form',
    matches: /\blog[- ]?in\b|\bsign[- ]?in\b|\blogon\b/i,
    intro:
      'This host refuses password fields from programs (hostPolicy.credentialInputs is off), so ' +
      'the sign-in asks for an email and sends a one-time link:',
    code: signIn,
  },
  {
    id: 'sign-up',
    chip: 'Sign-up form',
    request: 'A sign-up form that checks each field',
    matches: /\bsign[- ]?up\b|\bregist(er|ration)\b|\bcreate (an )?account\b/i,
    intro: 'A sign-up form with an error at each field until it is valid:',
    code: signupForm,
  },
  {
    id: 'todo',
    chip: 'Todo list',
    request: 'A todo list with tags and a filter',
    matches: /\bto-?do\b|\btask list\b|\btasks\b/i,
    intro: 'A todo list with tags, counts and a filter:',
    code: todoList,
  },
  {
    id: 'chart',
    chip: 'Sales chart',
    request: 'A bar chart of monthly sales',
    matches: /\bchart\b|\bgraph\b|\bplot\b/i,
    intro: "Monthly sales as bars (or a line), with the year's total:",
    code: salesChart,
  },
  {
    id: 'table',
    chip: 'Customer table',
    request: 'A table of customers I can search, filter and sort',
    matches: /\btable\b|\bspreadsheet\b|\bgrid of (rows|data)\b/i,
    intro: 'A searchable, sortable table with a country filter:',
    code: dataTable,
  },
  {
    id: 'quiz',
    chip: 'Quiz',
    request: 'A short quiz with three questions',
    matches: /\bquiz\b|\btrivia\b/i,
    intro: 'A three-question quiz with feedback and a results screen:',
    code: quiz,
  },
  {
    id: 'settings',
    chip: 'Settings form',
    request: 'A settings form with switches and a slider',
    matches: /\bsettings\b|\bpreferences\b/i,
    intro: 'Settings in sections of switches, menus and a slider:',
    code: settings,
  },
  {
    id: 'dashboard',
    chip: 'Dashboard',
    request: 'An analytics dashboard with stats and charts',
    matches: /\bdashboard\b/i,
    intro: 'A dashboard with headline stats, three charts and a table:',
    code: dashboard,
  },
  {
    id: 'kanban',
    chip: 'Kanban board',
    request: 'A kanban board for a small team',
    matches: /\bkanban\b|\bboard\b.*\bcolumns?\b/i,
    intro: 'A kanban board whose cards move across and within columns:',
    code: kanbanBoard,
  },
  {
    id: 'chat',
    chip: 'Chat',
    request: 'A chat where the reply streams in',
    matches: /\bchat\b|\bconversation\b|\bmessag(e|ing)\b/i,
    intro: 'A chat whose reply streams in token by token:',
    code: chat,
  },
  {
    id: 'counter',
    chip: 'Counter',
    request: 'A counter with +1 and reset buttons',
    matches: /\bcounter\b|\bclick count/i,
    intro: 'The smallest interactive program, a counter:',
    code: counter,
  },
];

/** The recording that answers a request, or undefined: the demo model then says it has none. */
export function findDemoAnswer(request: string): DemoAnswer | undefined {
  return DEMO_ANSWERS.find((answer) => answer.matches.test(request));
}
