import { streamChat, type ChatRequest } from '../../../generator/model/chat-client.ts';
import type { CanvasHost } from '../host.ts';
import type { CanvasFeedOptions } from './progressive-fence.ts';

/** A model call whose streamed answer is read into a canvas. */
export interface CanvasAnswerRequest extends Omit<ChatRequest, 'onDelta'>, CanvasFeedOptions {
  /** Each piece of the answer as it arrives (after the canvas has read it). */
  onDelta?(delta: string): void;
}

/**
 * Streams one OpenAI-compatible chat completion (`streamChat`: the project's one SSE reader) into
 * `host.feed()`: the canvas shows each op while the model writes it and ends as a non-streamed
 * run of the same answer would. Resolves with the whole answer. The feed is ended however the call
 * ends, so an answer cut off (an abort, a network error, an HTTP error) leaves no preview behind and
 * an unclosed block is reported, never applied; the call's error is then rethrown.
 */
export async function streamCanvasAnswer(
  host: Pick<CanvasHost, 'feed'>,
  request: CanvasAnswerRequest,
): Promise<string> {
  const { onText, onError, onDelta, ...chat } = request;
  const feed = host.feed({ onText, onError });
  try {
    return await streamChat({
      ...chat,
      onDelta: (delta) => {
        feed.push(delta);
        onDelta?.(delta);
      },
    });
  } finally {
    feed.end();
  }
}
