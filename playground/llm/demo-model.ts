import type { ChatRequest } from '../../generator/model/chat-client.ts';

/** The base URL that selects the demo model: recorded answers, offline, no key. */
export const DEMO_BASE_URL = 'demo:';

const VISITORS_BROKEN = `Here is a card with today's visitor numbers:

\`\`\`js
const { group, render } = suip;
const stats = [
  { id: 'today', label: 'Visitors today', count: '8,730' },
  { id: 'week', label: 'This week', count: '51,902' },
];
render(group('card', [
  ['title', 'Visitors'],
  ['numbers', group('stats', stats.map((s) => [s.id, group('stat', [['label', s.label], ['count', s.count]])]))],
]));
\`\`\``;

const VISITORS_FIXED = `The stat's number goes in its "value" role:

\`\`\`js
const { group, render } = suip;
const stats = [
  { id: 'today', label: 'Visitors today', value: '8,730', change: '+12 %' },
  { id: 'week', label: 'This week', value: '51,902', change: '+4 %' },
];
render(group('card', [
  ['title', 'Visitors'],
  ['numbers', group('stats', stats.map((s) => [s.id, group('stat', [['label', s.label], ['value', s.value], ['trend', 'up'], ['change', s.change]])]))],
]));
\`\`\``;

const TASKS = `A small task list:

\`\`\`js
const { group, render } = suip;
const tasks = [{ id: 't1', title: 'Plan the week', done: true }, { id: 't2', title: 'Water the plants', done: false }];
const view = () => group('card', [
  ['title', 'Today'],
  ['list', group('list', tasks.map((t) => [t.id, group('checkbox', [['label', t.title], ['checked', String(t.done)]], {
    on: { change: { handler: (e) => { t.done = e.checked; render(view()); }, data: 'checked' } },
  })]))],
  ['left', group('badge', [['label', tasks.filter((t) => !t.done).length + ' left'], ['tone', 'info']])],
]);
render(view());
\`\`\``;

/** Picks a recorded answer as a model would answer: a repair turn gets the corrected program. */
function answerFor(request: ChatRequest): string {
  const last = request.messages.at(-1)?.content ?? '';
  if (last.startsWith('Your program failed')) return VISITORS_FIXED;
  return /visitor|statistic|analytics|traffic/i.test(last) ? VISITORS_BROKEN : TASKS;
}

/**
 * The demo model: streams recorded, realistic answers a few characters at a time, offline and
 * with no key, so a newcomer sees the model loop (including a broken first answer that the
 * renderer's error gets repaired) on a fresh machine. Same signature as `streamChat`.
 */
export async function demoChat(request: ChatRequest): Promise<string> {
  const answer = answerFor(request);
  for (let at = 0; at < answer.length; at += 24) {
    request.signal?.throwIfAborted();
    request.onDelta?.(answer.slice(at, at + 24));
    await new Promise((resolve) => setTimeout(resolve, 15));
  }
  return answer;
}
