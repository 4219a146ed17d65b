import { group, text, data, type ModelParticle } from '../../generator/kit.ts';
import { TERMINAL_STATUSES, type RunView, type ToolView } from './transcript-state.ts';

/** What the whole runtime UI shows. */
export interface TranscriptModel {
  /** The runtime's name once initialized. */
  runtimeName?: string;
  connection: 'connecting' | 'open' | 'closed';
  /** The runtime process stopped (crash); a restart button is shown when the token may restart it. */
  runtimeDown?: string;
  /** The bridge token carries the restart capability. */
  canRestart?: boolean;
  runs: RunView[];
  /** Protocol problems seen (last few), for the user. */
  problems: string[];
  /** Bumped after each send: a new field id gives an empty field. */
  inputKey: number;
  /** Models offered (`model.list`) and the current one. */
  models?: { names: string[]; current?: string };
  /** Sessions to resume (`session.list`), once asked for. */
  sessions?: Array<{ label: string }>;
}

/** The user's actions, wired to the runtime by the client. */
export interface TranscriptActions {
  send(text: string): void;
  cancel(runKey: string): void;
  restart(): void;
  /** `model.set` with the model at this index of `models.names`. */
  setModel(index: number): void;
  /** `session.list`. */
  listSessions(): void;
  /** `session.history` of the session at this index of `sessions`. */
  resume(index: number): void;
}

const TONE: Record<string, string> = {
  starting: 'info',
  running: 'info',
  awaiting_ui: 'warning',
  completed: 'success',
  error: 'error',
  cancelled: 'neutral',
};
const LABEL: Record<string, string> = {
  starting: 'Starting',
  running: 'Running',
  awaiting_ui: 'Waiting for you',
  completed: 'Completed',
  error: 'Failed',
  cancelled: 'Cancelled',
};

/** The particle tree of the runtime UI: header, runtime state, one card per run, the input form. */
export function transcriptTree(model: TranscriptModel, actions: TranscriptActions): ModelParticle {
  const children: Array<readonly [string, ModelParticle | string]> = [];
  const connectionTone =
    model.connection === 'open'
      ? model.runtimeDown
        ? 'error'
        : 'success'
      : model.connection === 'connecting'
        ? 'warning'
        : 'error';
  children.push([
    'runtime',
    group('status', [
      ['label', model.runtimeName ? `Runtime: ${model.runtimeName}` : 'Runtime'],
      ['tone', connectionTone],
      ['detail', model.runtimeDown ? 'stopped' : model.connection],
    ]),
  ]);
  if (model.runtimeDown !== undefined) children.push(['down', downAlert(model.runtimeDown, model.canRestart, actions)]);
  if (model.problems.length > 0)
    children.push([
      'problems',
      group('alert', [
        ['tone', 'warning'],
        ['title', 'Protocol problems'],
        [
          'list',
          group(
            'list',
            model.problems.map((p, i) => [`p${i}`, p] as const),
          ),
        ],
      ]),
    ]);
  if (model.models !== undefined && model.models.names.length > 1)
    children.push(['model', modelChoice(model.models, actions)]);
  children.push(['sessions', sessionsSection(model.sessions, actions)]);
  for (const run of model.runs) children.push([run.key, runCard(run, actions)]);
  children.push(['input', inputForm(model.inputKey, actions)]);
  return group('column', children);
}

/** The alert shown once the runtime process stopped, with a restart button when the token allows it. */
function downAlert(down: string, canRestart: boolean | undefined, actions: TranscriptActions): ModelParticle {
  return group('alert', [
    ['tone', 'error'],
    ['title', 'The runtime stopped'],
    ['message', canRestart ? down : `${down} This window may not restart it; a token minted with restart can.`],
    ...(canRestart
      ? [
          [
            'restart',
            group('button', [['label', 'Restart the runtime']], { on: { click: () => actions.restart() } }),
          ] as const,
        ]
      : []),
  ]);
}

/** The model choice. */
function modelChoice(models: NonNullable<TranscriptModel['models']>, actions: TranscriptActions): ModelParticle {
  // Model names come from the runtime: option ids are indexes, the names are only labels.
  const current = models.current === undefined ? -1 : models.names.indexOf(models.current);
  return group(
    'choice',
    [
      ['label', 'Model'],
      ...(current >= 0 ? [['value', `m${current}`] as const] : []),
      ...models.names.map((name, i) => [`m${i}`, clipLine(name)] as const),
    ],
    {
      on: {
        change: { data: 'value', handler: (event) => actions.setModel(Number(String(event.value ?? '').slice(1))) },
      },
    },
  );
}

/** The sessions section: a button that lists them, then one button per session to resume. */
function sessionsSection(list: TranscriptModel['sessions'], actions: TranscriptActions): ModelParticle {
  const sessions: Array<readonly [string, ModelParticle | string]> = [
    ['title', 'Sessions'],
    [
      'list',
      group(
        'button',
        [
          ['label', 'Show sessions'],
          ['tone', 'secondary'],
        ],
        { on: { click: () => actions.listSessions() } },
      ),
    ],
  ];
  if (list !== undefined) {
    sessions.push([
      'items',
      list.length === 0
        ? 'No sessions yet.'
        : group(
            'list',
            list.map(
              (s, i) =>
                [
                  `s${i}`,
                  group(
                    'button',
                    [
                      ['label', clipLine(s.label)],
                      ['tone', 'secondary'],
                    ],
                    { on: { click: () => actions.resume(i) } },
                  ),
                ] as const,
            ),
          ),
    ]);
  }
  return group('section', sessions);
}

/** The message form; a new `inputKey` gives a fresh, empty text area after a send. */
function inputForm(inputKey: TranscriptModel['inputKey'], actions: TranscriptActions): ModelParticle {
  return group(
    'form',
    [
      ['title', 'Ask the agent'],
      [
        `prompt${inputKey}`,
        group('text-area', [
          ['label', 'Message'],
          ['placeholder', 'What should the agent do?'],
        ]),
      ],
      ['submit', 'Send'],
    ],
    {
      on: {
        submit: {
          preventDefault: true,
          data: 'formData',
          handler: (event) => {
            const value = event.formData?.[`prompt${inputKey}`] ?? '';
            if (value.trim() !== '') actions.send(value);
          },
        },
      },
    },
  );
}

function runCard(run: RunView, actions: TranscriptActions): ModelParticle {
  const parts: Array<readonly [string, ModelParticle | string]> = [['title', clipLine(`You: ${run.userText}`)]];
  // A run of an exited runtime process is over even without a terminal status: nothing can reach it any more.
  const ended = run.ended !== undefined && !run.replayed && !TERMINAL_STATUSES.has(run.status);
  const live = !run.replayed && !TERMINAL_STATUSES.has(run.status) && !ended;
  const statusParts: Array<readonly [string, string]> = ended
    ? [
        ['label', 'Ended'],
        ['tone', 'neutral'],
      ]
    : [
        ['label', LABEL[run.status] ?? run.status],
        ['tone', TONE[run.status] ?? 'neutral'],
      ];
  const detail = ended ? run.ended : run.statusMessage;
  if (detail) statusParts.push(['detail', clipLine(detail)]);
  parts.push(['status', group('status', statusParts)]);
  if (live) {
    parts.push(['spinner', group('progress', [['label', 'Working']])]);
    parts.push([
      'cancel',
      group(
        'button',
        [
          ['label', 'Cancel'],
          ['tone', 'secondary'],
        ],
        { on: { click: () => actions.cancel(run.key) } },
      ),
    ]);
  }
  if (run.contextLeft !== undefined)
    parts.push([
      'context',
      group('progress', [
        ['label', 'Context left'],
        ['value', String(Math.round(run.contextLeft))],
        ['max', '100'],
      ]),
    ]);
  if (run.reasoning.length > 0)
    parts.push([
      'reasoning',
      group('accordion', [
        [
          'r',
          group('section', [
            ['title', 'Reasoning'],
            ['body', text(run.reasoning.join('\n\n'), 'text/plain')],
          ]),
        ],
      ]),
    ]);
  if (run.steps.size > 0) parts.push(['steps', stepsTimeline(run)]);
  for (const tool of run.tools.values()) parts.push([tool.key, toolCard(tool)]);
  for (const [i, notice] of run.notices.slice(-5).entries())
    parts.push([
      `n${i}`,
      group('status', [
        ['label', notice],
        ['tone', 'info'],
      ]),
    ]);
  if (run.text !== '') parts.push(['reply', text(run.text)]);
  if (run.final !== undefined && run.final.trim() !== '' && run.final.trim() !== run.text.trim())
    parts.push(['final', text(run.final)]);
  return group('card', parts);
}

/** A run's steps as a timeline, each with its state and how long it took. */
function stepsTimeline(run: RunView): ModelParticle {
  return group(
    'timeline',
    [...run.steps.values()].map((step) => {
      const when =
        step.status === undefined
          ? 'running'
          : `${step.status}${step.durationMs !== undefined ? ` in ${(step.durationMs / 1000).toFixed(1)} s` : ''}`;
      return [
        step.key,
        group('timeline-item', [
          ['title', clipLine(`${step.number}. ${step.title}`)],
          ['date', when],
          [
            'state',
            group('badge', [
              ['label', step.status ?? 'running'],
              ['tone', step.status === 'error' ? 'error' : step.status ? 'success' : 'info'],
            ]),
          ],
        ]),
      ] as const;
    }),
  );
}

/** A tool call's card: its arguments, its result (or failure) and any screenshot. */
function toolCard(tool: ToolView): ModelParticle {
  const body: Array<readonly [string, ModelParticle | string]> = [
    ['title', clipLine(`Tool: ${tool.title}`)],
    [
      'args',
      group('code', [
        ['language', 'json'],
        ['code', tool.args],
      ]),
    ],
  ];
  if (tool.result !== undefined) {
    body.push([
      'result',
      tool.isError
        ? group('alert', [
            ['tone', 'error'],
            ['title', 'The tool failed'],
            ['message', text(tool.result, 'text/plain')],
          ])
        : group('code', [
            ['language', 'text'],
            ['code', tool.result],
          ]),
    ]);
  }
  if (tool.screenshot !== undefined)
    body.push([
      'shot',
      group('image', [
        ['src', data(tool.screenshot, 'image/png')],
        ['alt', `Screenshot from ${tool.tool}`],
      ]),
    ]);
  return group('card', body);
}

const clipLine = (value: string) => (value.length > 200 ? `${value.slice(0, 200)}…` : value);
