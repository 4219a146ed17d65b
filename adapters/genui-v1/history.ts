import type {
  GenuiClientMessage,
  MessagePart,
  UiDefinition,
  UiEvent,
} from '../../shared/neighbours/genui-v1/schemas.ts';

/** Longest text kept in one history part; longer model text is cut with a note (the body limit is 4 MiB). */
export const MAX_HISTORY_TEXT = 256 * 1024;
/** Images older than this many user turns are dropped from the history sent to the server. */
export const IMAGE_TURNS = 5;

/** A surface's final state as history holds it (`surfaceId` written into the definition, §3.4). */
export type SurfaceState = UiDefinition & { surfaceId: string };

/** `text`, cut to `max` characters with a note saying how much was left out. */
export function capText(text: string, max: number = MAX_HISTORY_TEXT): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n[… ${text.length - max} more characters were cut]`;
}

/**
 * The client-held conversation (the server is stateless, seed 000 "Client-side History"). User
 * parts gather in a pending user message until a request goes out; when a stream ends with its
 * `message`, the model's message is built from the final UI state (one `UiPart` per live surface)
 * and the final text (`TextPart`). Compaction keeps the body bounded: only the newest `UiPart` of
 * each surface is kept, and images older than `IMAGE_TURNS` user turns are dropped.
 */
export class Conversation {
  private readonly messages: GenuiClientMessage[] = [];
  private pending: MessagePart[] = [];

  /** Adds user text to the next request. */
  addText(text: string): void {
    if (text !== '') this.pending.push({ type: 'text', text: capText(text) });
  }

  /**
   * Adds a UiEvent to the next request. A later non-action event of the same widget and type
   * replaces the earlier one (typing is one change, not a hundred).
   */
  addEvent(event: UiEvent): void {
    if (!event.isAction) {
      const same = this.pending.findIndex(
        (p) =>
          p.type === 'uiEvent' &&
          !p.event.isAction &&
          p.event.surfaceId === event.surfaceId &&
          p.event.widgetId === event.widgetId &&
          p.event.eventType === event.eventType,
      );
      if (same !== -1) this.pending.splice(same, 1);
    }
    this.pending.push({ type: 'uiEvent', event });
  }

  /** Whether user parts wait to be sent. */
  get hasPending(): boolean {
    return this.pending.length > 0;
  }

  /** The conversation a request carries: the history plus the pending user message, compacted. */
  outgoing(): GenuiClientMessage[] {
    const all =
      this.pending.length > 0
        ? [...this.messages, { role: 'user' as const, parts: [...this.pending] }]
        : [...this.messages];
    return compact(all);
  }

  /** The request went out: its user message is history now (even if the answer fails, the user did say it). */
  commitPending(): void {
    if (this.pending.length > 0) this.messages.push({ role: 'user', parts: this.pending });
    this.pending = [];
  }

  /** The stream ended with `message`: record the model's turn (every live surface, then the text). */
  completeTurn(surfaces: Iterable<SurfaceState>, text: string): GenuiClientMessage {
    const parts: MessagePart[] = [];
    for (const s of surfaces)
      parts.push({ type: 'ui', definition: { surfaceId: s.surfaceId, root: s.root, widgets: s.widgets } });
    parts.push({ type: 'text', text: capText(text) });
    const message: GenuiClientMessage = { role: 'model', parts };
    this.messages.push(message);
    return message;
  }

  /** The whole recorded history (devtools). */
  history(): readonly GenuiClientMessage[] {
    return this.messages;
  }
}

/** Keep only the newest UiPart per surface and drop old images; returns new message objects. */
export function compact(messages: readonly GenuiClientMessage[]): GenuiClientMessage[] {
  const newest = new Map<string, number>();
  messages.forEach((m, i) => m.parts.forEach((p) => p.type === 'ui' && newest.set(p.definition.surfaceId, i)));
  let userTurns = 0;
  const turnsAfter: number[] = new Array<number>(messages.length);
  for (let i = messages.length - 1; i >= 0; i -= 1) {
    turnsAfter[i] = userTurns;
    if (messages[i]!.role === 'user') userTurns += 1;
  }
  return messages
    .map((m, i) => ({
      role: m.role,
      parts: m.parts.filter((p) =>
        p.type === 'ui'
          ? newest.get(p.definition.surfaceId) === i
          : p.type === 'image'
            ? turnsAfter[i]! < IMAGE_TURNS
            : true,
      ),
    }))
    .filter((m) => m.parts.length > 0);
}
