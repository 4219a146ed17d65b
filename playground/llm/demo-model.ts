import type { ChatRequest } from '../../generator/model/chat-client.ts';
import { DEMO_ANSWERS, findDemoAnswer, type DemoAnswer } from './demo-answers.ts';

/** The base URL that selects the demo model: recorded answers, offline, no key. */
export const DEMO_BASE_URL = 'demo:';

/**
 * The demo model has no recording for this request (or no recorded repair for this error). It
 * says so instead of answering with another recording: a newcomer must never take the weather
 * card for an answer to "a login form".
 */
export class DemoNoAnswerError extends Error {
  override readonly name = 'DemoNoAnswerError';
  readonly code = 'demo-no-answer';
}

/** The sentence the panel shows when the demo model has no recording for `request`. */
export function noAnswerMessage(request: string): string {
  const shown = request.length > 80 ? `${request.slice(0, 79)}…` : request;
  return `The demo model has no recorded answer for “${shown}”. It only replays its ${DEMO_ANSWERS.length} recordings (the “Try” requests: ${DEMO_ANSWERS.map((a) => a.chip.toLowerCase()).join(', ')}). For anything else, set Base URL to an OpenAI-compatible endpoint (a local Ollama or llama.cpp server, or OpenAI with a key).`;
}

function fenced(intro: string, code: string): string {
  return `${intro}\n\n\`\`\`js\n${code.trimEnd()}\n\`\`\``;
}

/**
 * The recorded answer to a conversation: the first user message picks the recording; a repair
 * turn (the loop's "Your program failed" message) gets the recording's corrected program.
 */
export function demoAnswerFor(request: ChatRequest): { answer: DemoAnswer; text: string } {
  const asked = request.messages.find((message) => message.role === 'user')?.content ?? '';
  const answer = findDemoAnswer(asked);
  if (answer === undefined) throw new DemoNoAnswerError(noAnswerMessage(asked));
  const repairing = request.messages.filter((message) => message.role === 'user').length > 1;
  if (!repairing) return { answer, text: fenced(answer.intro, answer.code) };
  if (answer.repair === undefined)
    throw new DemoNoAnswerError(
      `The demo model has no recorded repair for its “${answer.chip}” answer; the error above is real. Edit the code, or set Base URL to a real model to get a repair turn.`,
    );
  return { answer, text: fenced(answer.repair.intro, answer.repair.code) };
}

/**
 * The demo model: streams recorded, realistic answers a few characters at a time, offline and
 * with no key, so a newcomer sees the model loop (including a broken first answer that the
 * renderer's error gets repaired) on a fresh machine. Same signature as `streamChat`; a request
 * it has no recording for is refused with `DemoNoAnswerError`, never answered with another one.
 */
export async function demoChat(request: ChatRequest): Promise<string> {
  const { text } = demoAnswerFor(request);
  for (let at = 0; at < text.length; at += 48) {
    request.signal?.throwIfAborted();
    request.onDelta?.(text.slice(at, at + 48));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return text;
}
