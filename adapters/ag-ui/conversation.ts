import type { Message } from '@ag-ui/client';
import { messageText } from '../../shared/neighbours/ag-ui/message-text.ts';
import type { AgUiLimits } from '../../shared/neighbours/ag-ui/limits.ts';
import { createToolCallView, type ToolCallView } from './tool-call.ts';
import type { Entry, NoteEntry, TextEntry } from './transcript.ts';

/** What the conversation needs from its owner: the bounds, a change hook and the issue channel. */
export interface ConversationHooks {
  limits: Pick<AgUiLimits, 'maxTextChars' | 'maxToolArgsChars' | 'maxMessages'>;
  onChange(): void;
  report(code: string, message: string, subject?: string): void;
}

/**
 * The conversation as the host shows it: entries in arrival order under local keys (an agent's
 * ids only index them), bounded in number (the oldest go first) and in text per message.
 */
export class Conversation {
  readonly entries = new Map<string, Entry>();
  readonly calls = new Map<string, ToolCallView>();
  readonly #texts = new Map<string, string>();
  readonly #steps = new Map<string, string>();
  /** Entry key → the agent message id or step name indexing it, so dropping the entry drops its index too. */
  readonly #indexOf = new Map<string, { text?: string; step?: string }>();
  #counter = 0;
  readonly #hooks: ConversationHooks;

  /** Entries the agent's message ids and step names index (for tests and devtools: bounded with the entries). */
  get indexed(): number {
    return this.#texts.size + this.#steps.size;
  }

  constructor(hooks: ConversationHooks) {
    this.#hooks = hooks;
  }

  /** Adds an entry (or replaces the one under `key`); past twice `maxMessages` entries the oldest is dropped. */
  add(kind: string, entry: Entry, key = `${kind}${(this.#counter += 1)}`): string {
    this.entries.set(key, entry);
    // SECURITY: bounded: an agent opening messages without end cannot grow the page without end.
    while (this.entries.size > this.#hooks.limits.maxMessages * 2) {
      const [oldest, dropped] = this.entries.entries().next().value as [string, Entry];
      this.entries.delete(oldest);
      if (dropped.kind === 'tool') this.calls.delete(dropped.call.id);
      // The indexes go with their entries, so a long conversation holds at most 2 × maxMessages of each.
      const index = this.#indexOf.get(oldest);
      this.#indexOf.delete(oldest);
      if (index?.text !== undefined && this.#texts.get(index.text) === oldest) this.#texts.delete(index.text);
      if (index?.step !== undefined && this.#steps.get(index.step) === oldest) this.#steps.delete(index.step);
    }
    this.#hooks.onChange();
    return key;
  }

  note(tone: NoteEntry['tone'], title: string, text: string): void {
    this.add('n', { kind: 'note', tone, title, text });
  }

  /** The text entry of agent message `id`, created on first use. */
  text(id: string, role: string): TextEntry {
    const key = this.#texts.get(id);
    const found = key === undefined ? undefined : this.entries.get(key);
    if (found?.kind === 'text') return found;
    const entry: TextEntry = { kind: 'text', role, text: '', cut: 0, streaming: true };
    const added = this.add('m', entry);
    this.#texts.set(id, added);
    this.#indexOf.set(added, { text: id });
    return entry;
  }

  /** Appends a delta; false when it was not kept (no such message, or past `maxTextChars`: counted, said once). */
  append(id: string, delta: string): boolean {
    const key = this.#texts.get(id);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (entry?.kind !== 'text') return false;
    const max = this.#hooks.limits.maxTextChars;
    // SECURITY: bounded; past it, deltas are counted and dropped (for @ag-ui/client's copy too).
    if (entry.cut > 0 || entry.text.length + delta.length > max) {
      if (entry.cut === 0)
        this.#hooks.report(
          'text_too_long',
          `a text message passed ${max} characters; the rest is counted, not kept (stop the run to end it)`,
          id.slice(0, 128),
        );
      entry.cut += delta.length;
    } else entry.text += delta;
    this.#hooks.onChange();
    return entry.cut === 0;
  }

  end(id: string): void {
    const key = this.#texts.get(id);
    const entry = key === undefined ? undefined : this.entries.get(key);
    if (entry?.kind === 'text') entry.streaming = false;
    this.#hooks.onChange();
  }

  toolCall(id: string, name: string): ToolCallView {
    const view = createToolCallView(id, name, this.#hooks.limits.maxToolArgsChars);
    this.calls.set(id, view);
    this.add('t', { kind: 'tool', call: view });
    return view;
  }

  step(name: string, done: boolean): void {
    const title = `Step: ${name.slice(0, 120)}`;
    const key = this.#steps.get(name);
    if (done) {
      if (key !== undefined) this.add('s', { kind: 'note', tone: 'success', title, text: 'done' }, key);
    } else {
      const added = this.add('s', { kind: 'note', tone: 'info', title, text: 'running' });
      this.#steps.set(name, added);
      this.#indexOf.set(added, { step: name });
    }
  }

  /** `MESSAGES_SNAPSHOT`: the conversation rebuilt from the agent's record (the newest `maxMessages`). */
  restore(messages: readonly Message[]): void {
    this.entries.clear();
    this.calls.clear();
    this.#texts.clear();
    this.#steps.clear();
    this.#indexOf.clear();
    const max = this.#hooks.limits.maxMessages;
    const shown = messages.slice(-max);
    if (shown.length < messages.length)
      this.#hooks.report('messages_cut', `the snapshot has ${messages.length} messages; the newest ${max} are shown`);
    for (const message of shown) {
      const text = messageText((message as { content?: unknown }).content);
      if (message.role === 'tool') {
        const call = this.calls.get(message.toolCallId);
        if (call !== undefined) {
          call.result = text.slice(0, 4000);
          call.status = 'answered';
        }
        continue;
      }
      if (message.role === 'activity') continue;
      if (text !== '' || message.role !== 'assistant') {
        this.text(message.id, message.role);
        this.append(message.id, text);
        this.end(message.id);
      }
      for (const toolCall of (message.role === 'assistant' ? message.toolCalls : undefined) ?? []) {
        const view = this.toolCall(toolCall.id, toolCall.function.name);
        view.push(toolCall.function.arguments);
        view.end();
      }
    }
    this.#hooks.onChange();
  }
}
