import { randomUUID } from 'node:crypto';
import { EventType } from '@ag-ui/core';
import { createAnswerSplitter } from './code-splitter.ts';

/** The frontend tool `suip/ag-ui` offers (the name the browser side runs). */
export const RENDER_TOOL = 'suip_render_program';

/**
 * One model answer as AG-UI events: its prose as a text message, its program as a
 * `suip_render_program` tool call whose `code` argument streams as the model writes it, and the
 * prose after the program as a second text message. Owns the splitter and which of the two
 * messages is open, so the stream stays append-only and every started message is ended.
 */
export class AnswerStream {
  private readonly splitter = createAnswerSplitter();
  private readonly messageId = `suip-${randomUUID()}`;
  private readonly toolCallId = `suip-call-${randomUUID()}`;
  /** The tool call has started (the fence opened): prose from here on waits for the end. */
  codeOpen = false;
  private textOpen = false;

  constructor(private readonly send: (event: Record<string, unknown>) => void) {}

  /** Characters of the answer so far. */
  get length(): number {
    return this.splitter.length;
  }

  /** Takes the next (redacted) piece of the answer. */
  push(delta: string): void {
    const step = this.splitter.push(delta);
    this.prose(step.prose);
    this.code(step.opened, step.code);
  }

  /** The answer ended: closes what is open and says the prose after the program. */
  end(): void {
    const { send, toolCallId, messageId } = this;
    const split = this.splitter.split();
    if (this.codeOpen) {
      send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '"}' });
      send({ type: EventType.TOOL_CALL_END, toolCallId });
    }
    if (this.textOpen) send({ type: EventType.TEXT_MESSAGE_END, messageId });
    if (split.after.trim() !== '') {
      const afterId = `suip-${randomUUID()}`;
      send({ type: EventType.TEXT_MESSAGE_START, messageId: afterId, role: 'assistant' });
      send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: afterId, delta: split.after });
      send({ type: EventType.TEXT_MESSAGE_END, messageId: afterId });
    }
  }

  private prose(delta: string): void {
    if (delta === '' || this.codeOpen) return;
    if (!this.textOpen) this.send({ type: EventType.TEXT_MESSAGE_START, messageId: this.messageId, role: 'assistant' });
    this.textOpen = true;
    this.send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId: this.messageId, delta });
  }

  private code(opened: boolean, delta: string): void {
    const { send, toolCallId } = this;
    if (opened && !this.codeOpen) {
      if (this.textOpen) send({ type: EventType.TEXT_MESSAGE_END, messageId: this.messageId });
      this.textOpen = false;
      send({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName: RENDER_TOOL, parentMessageId: this.messageId });
      send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: '{"code":"' });
      this.codeOpen = true;
    }
    // The argument is one JSON string written as it grows: each piece escaped on its own.
    if (this.codeOpen && delta !== '')
      send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta: JSON.stringify(delta).slice(1, -1) });
  }
}
