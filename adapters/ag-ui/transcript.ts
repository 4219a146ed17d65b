import type { ModelParticle } from '../../generator/kit.ts';
import { plainText as plain } from '../kit/text.ts';
import type { ToolCallView } from './tool-call.ts';
import { urlCredentials } from '../../core/policy/url-policy.ts';

/** Final text up to this length is shown as markdown; longer stays plain (laying it out would stall the page). */
const MARKDOWN_MAX = 20_000;
/** Characters of one argument or result shown in a tool call's card. */
const VALUE_SHOWN = 2_000;

/** A text message as the conversation shows it. */
export interface TextEntry {
  kind: 'text';
  role: string;
  text: string;
  /** Characters that passed the bound and were not kept. */
  cut: number;
  streaming: boolean;
}

/** A note: a step, the run's error or an issue with the stream. */
export interface NoteEntry {
  kind: 'note';
  tone: 'info' | 'success' | 'warning' | 'error' | 'neutral';
  title: string;
  text: string;
}

/** One entry of the conversation, keyed by a local id (never the agent's). */
export type Entry = TextEntry | NoteEntry | { kind: 'tool'; call: ToolCallView };

/**
 * Runs in text that markdown may turn into a link or an image (`scheme:` up to a delimiter), as the renderer's
 * credentials rule scans them.
 */
const URL_LIKE = /[a-z][a-z0-9+.-]{0,31}:[^\s<>()"'`\]]+/gi;

/**
 * True when markdown of `text` would hold a URL with userinfo (`ssh://git@host/…`), which the
 * renderer refuses in markdown: refusing the entry would refuse the whole transcript transaction,
 * and every one after it while the entry stays, so such text is shown plain instead.
 */
export function holdsCredentialUrl(text: string): boolean {
  if (!text.includes('@') && !/%40/i.test(text)) return false;
  for (const match of text.slice(0, MARKDOWN_MAX).matchAll(URL_LIKE))
    if (urlCredentials(match[0]) !== undefined) return true;
  return false;
}

const AUTHORS: Readonly<Record<string, string>> = {
  user: 'You',
  assistant: 'Agent',
  system: 'System',
  developer: 'Developer',
  tool: 'Tool',
  reasoning: 'Reasoning',
};

function argumentValue(value: unknown): ModelParticle {
  const shown = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return plain(shown.length > VALUE_SHOWN ? `${shown.slice(0, VALUE_SHOWN)} … (${shown.length} characters)` : shown);
}

const TOOL_STATUS: Readonly<Record<ToolCallView['status'], readonly [string, NoteEntry['tone']]>> = {
  streaming: ['arguments streaming', 'info'],
  complete: ['called', 'neutral'],
  refused: ['refused', 'error'],
  running: ['running in this page', 'info'],
  answered: ['answered', 'success'],
};

function toolBody(call: ToolCallView): ModelParticle {
  const children: Array<readonly [string, ModelParticle]> = [];
  const [label, tone] = TOOL_STATUS[call.status];
  children.push([
    'state',
    {
      type: 'status',
      group: [
        ['label', plain(label)],
        ['tone', plain(tone)],
        ['detail', plain(`${call.chars} characters of arguments`)],
      ],
    },
  ]);
  // Argument names are the agent's strings: they are shown as pair keys, never used as particle ids.
  const pairs = Object.keys(call.args)
    .slice(0, 50)
    .map((key, i): readonly [string, ModelParticle] => [
      `a${i}`,
      {
        type: 'pair',
        group: [
          ['key', plain(key.slice(0, 200) || '(empty)')],
          ['value', argumentValue(call.args[key])],
        ],
      },
    ]);
  if (pairs.length > 0) children.push(['args', { type: 'key-value', group: pairs }]);
  if (call.error !== undefined)
    children.push([
      'error',
      {
        type: 'alert',
        group: [
          ['tone', plain('error')],
          ['body', plain(call.error)],
        ],
      },
    ]);
  if (call.result !== undefined)
    children.push([
      'result',
      {
        type: 'pair',
        group: [
          ['key', plain('Result')],
          ['value', argumentValue(call.result)],
        ],
      },
    ]);
  return { type: 'card', group: [['title', plain(`Tool call: ${call.name.slice(0, 120)}`)], ...children] };
}

function messageOf(entry: Entry, plainOnly: boolean): ModelParticle {
  if (entry.kind === 'tool')
    return {
      type: 'message',
      group: [
        ['author', plain('Agent')],
        ['body', toolBody(entry.call)],
      ],
    };
  if (entry.kind === 'note')
    return {
      type: 'message',
      group: [
        ['author', plain('suip')],
        ['from', plain('system')],
        [
          'body',
          {
            type: 'alert',
            group: [
              ['tone', plain(entry.tone)],
              ['title', plain(entry.title)],
              ['body', plain(entry.text)],
            ],
          },
        ],
      ],
    };
  const body: Array<readonly [string, ModelParticle]> = [];
  // Streaming text is plain and grows by suffix, so suip's diff sends each delta as one append op.
  const markdown =
    !plainOnly && !entry.streaming && entry.cut === 0 && entry.text.length <= MARKDOWN_MAX && entry.role !== 'user';
  const credentialUrl = markdown && holdsCredentialUrl(entry.text);
  if (entry.text !== '')
    body.push([
      'body',
      markdown && !credentialUrl ? { text: entry.text, mimeType: 'text/markdown' } : plain(entry.text),
    ]);
  if (credentialUrl)
    body.push([
      'plain',
      plain(
        '(shown as plain text: it holds a URL with a user name or password, which this page never turns into a link)',
      ),
    ]);
  // While the message streams past its bound the note does not count: a note that changed with
  // every delta would make the browser lay out the whole shown text again each render (~64,000
  // characters: tens of ms on the host's main thread per render under a flood). The count is said
  // when the message ends, and the agent's report (`text_too_long`) was made when the bound passed.
  if (entry.cut > 0)
    body.push([
      'cut',
      plain(
        entry.streaming
          ? '[… more characters were not shown; counted when the message ends]'
          : `[… ${entry.cut} more characters were not shown]`,
      ),
    ]);
  return {
    type: 'message',
    group: [
      ['author', plain(AUTHORS[entry.role] ?? entry.role.slice(0, 40))],
      ...(entry.role === 'user'
        ? [['from', plain('me')] as const]
        : entry.role === 'system' || entry.role === 'developer'
          ? [['from', plain('system')] as const]
          : []),
      ...(entry.streaming ? [['pending', plain('true')] as const] : []),
      ...body,
    ],
  };
}

/**
 * The conversation's particle tree: a `conversation` of `message`s keyed by local ids, so a text
 * message grows by suffix (one `suip/ops/append` per delta, no element re-created) and a tool
 * call's card updates in place as its arguments stream. `plainOnly` shows every text plain (the
 * fallback after the renderer refused a transcript, so one bad entry cannot freeze it).
 */
export function transcriptTree(
  entries: ReadonlyMap<string, Entry>,
  status?: ModelParticle,
  plainOnly = false,
): ModelParticle {
  const group: Array<readonly [string, ModelParticle]> = [['label', plain('Agent conversation')]];
  for (const [key, entry] of entries) group.push([key, messageOf(entry, plainOnly)]);
  const conversation: ModelParticle = { type: 'conversation', group };
  return status === undefined
    ? conversation
    : {
        group: [
          ['status', status],
          ['conversation', conversation],
        ],
      };
}
