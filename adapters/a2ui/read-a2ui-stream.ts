import type { SseProblem } from '../../shared/sse-reader.ts';
import type { AgentStream } from '../kit/agent-stream.ts';
import type { A2uiBridge, A2uiIssue } from './bridge.ts';
import { MAX_MESSAGE_CHARS } from './bridge.ts';

/** The longest SSE event `connect` takes (bytes): one message's limit; a longer one is skipped and reported. */
export const MAX_EVENT_BYTES = MAX_MESSAGE_CHARS;

/** Where a stream's messages go. */
export interface A2uiStreamSink {
  bridge: A2uiBridge;
  /** Problems with the stream or its messages. */
  report(issues: A2uiIssue[]): void;
  /** A progressive feed for JSONL (components show while their line is still being written). */
  feed(): { push(chunk: string): unknown; end(): unknown; readonly messages: number };
  /** The holding gate's hook for this read (`HoldingGate.read()`). */
  onHolding: (holding: boolean) => void;
}

/** An SSE event the reader skipped before decoding it, as an issue that names the limit and the fix. */
export function sseProblemIssue(problem: SseProblem): A2uiIssue {
  const { kind, length, message, preview } = problem;
  return {
    adapter: 'a2ui',
    code: kind === 'too-long' ? 'LIMIT_EXCEEDED' : 'VALIDATION_FAILED',
    surfaceId: '',
    path: '',
    message:
      kind === 'too-long'
        ? `an A2UI stream event of ${length ?? MAX_EVENT_BYTES + 1} bytes was skipped (the limit is ${MAX_EVENT_BYTES}); send smaller messages`
        : `${message}: ${preview}`,
  };
}

/**
 * Reads an opened A2UI stream to its end: SSE (text/event-stream) one event at a time, anything
 * else as JSONL text in bounded pieces, each fed to the progressive feed in its own step. Returns
 * how many messages it delivered (SSE: non-empty events).
 */
export async function readA2uiStream(stream: AgentStream, sink: A2uiStreamSink): Promise<number> {
  const bounds = { maxLineBytes: MAX_EVENT_BYTES, maxEventBytes: MAX_EVENT_BYTES };
  const { onHolding } = sink;
  if (stream.contentType.includes('text/event-stream')) {
    let delivered = 0;
    await stream.read(
      'sse',
      bounds,
      (item) => {
        if (!('event' in item)) return void sink.report([sseProblemIssue(item.problem)]);
        if (item.event.data.trim() === '') return;
        delivered += 1;
        sink.report(sink.bridge.receiveText(item.event.data));
      },
      { onHolding },
    );
    return delivered;
  }
  const progressive = sink.feed();
  await stream.read(
    'text',
    bounds,
    (item) => {
      if ('event' in item) progressive.push(item.event.data);
    },
    { onHolding },
  );
  progressive.end();
  return progressive.messages;
}
