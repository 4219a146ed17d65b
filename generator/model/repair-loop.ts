import { streamChat, type ChatMessage, type ChatRequest, type EndpointSettings } from './chat-client.ts';
import { createStreamingCode, extractCode } from './extract-code.ts';
import { createProgressiveRunner, type ProgressiveRunner } from './progressive-runner.ts';

/** How a run of a generated program ended: it rendered, or it failed with a message for the model. */
export type RunOutcome = { ok: true } | { ok: false; error: string };

/** One model turn as the user sees it in the panel. */
export interface Turn {
  /** 1-based. */
  number: number;
  kind: 'generate' | 'repair';
  /** What the user message of this turn said (the request, or the error sent back). */
  prompt: string;
  answer: string;
  code: string;
  outcome?: RunOutcome;
}

/** Progress callbacks: each fires as soon as the panel has something new to show. */
export interface LoopObserver {
  onTurn?(turn: Turn): void;
  /** The answer so far and the code extracted from it so far (for streaming into the editor). */
  onDelta?(turn: Turn, partialAnswer: string, partialCode: string): void;
  onOutcome?(turn: Turn): void;
}

/** Everything one generate-and-repair session needs. */
export interface LoopOptions {
  endpoint: EndpointSettings;
  /** `systemPrompt(vocabulary)` from the generator package. */
  system: string;
  request: string;
  /** At most this many model turns in all, the first one included. */
  maxTurns: number;
  /** Runs a program and reports whether it rendered without errors. */
  run(code: string): Promise<RunOutcome>;
  /**
   * Progressive rendering: runs each complete prefix of the program while the model still writes
   * it (throttled; see `createProgressiveRunner`), each taking over what the last one shows. Its
   * failures are ignored; the whole program still goes to `run` once, at the end of each turn.
   * A renderer host gets one from `createProgressiveMount(renderer, {id}).runPrefix`.
   */
  runPrefix?(code: string): Promise<void>;
  /** Quiet time between prefix runs (default 400 ms). */
  prefixThrottleMs?: number;
  observer?: LoopObserver;
  signal?: AbortSignal;
  /** The streaming call; replaceable in tests. */
  chat?: (request: ChatRequest) => Promise<string>;
}

/** The user message of a repair turn: the error as the renderer worded it (it names op and path). */
export function repairMessage(error: string): string {
  return [
    'Your program failed when it ran in the suip sandbox:',
    '',
    error,
    '',
    'Fix the program. Answer with the complete corrected program in one ```js block.',
  ].join('\n');
}

/**
 * Model in the loop: ask for a program, run it, and while it fails send the error back for a
 * repair turn, at most `maxTurns` turns. Resolves with every turn; the last one tells whether the
 * final program rendered. A network or endpoint failure rejects (there is nothing to repair).
 */
export async function generateWithRepair(options: LoopOptions): Promise<{ ok: boolean; turns: Turn[] }> {
  const chat = options.chat ?? streamChat;
  const messages: ChatMessage[] = [
    { role: 'system', content: options.system },
    { role: 'user', content: options.request },
  ];
  const turns: Turn[] = [];
  for (let number = 1; number <= Math.max(1, options.maxTurns); number += 1) {
    const prompt = messages[messages.length - 1]?.content ?? '';
    const turn: Turn = { number, kind: number === 1 ? 'generate' : 'repair', prompt, answer: '', code: '' };
    turns.push(turn);
    options.observer?.onTurn?.(turn);
    let partial = '';
    const streaming = createStreamingCode();
    const prefixes: ProgressiveRunner | undefined =
      options.runPrefix === undefined
        ? undefined
        : createProgressiveRunner({ runPrefix: options.runPrefix }, { throttleMs: options.prefixThrottleMs });
    try {
      turn.answer = await chat({
        endpoint: options.endpoint,
        messages: [...messages],
        signal: options.signal,
        onDelta: (delta) => {
          partial += delta;
          const code = streaming.push(delta);
          options.observer?.onDelta?.(turn, partial, code);
          prefixes?.push(code);
        },
      });
    } finally {
      // No prefix runs after the answer is complete (or the stream failed): the final run is next.
      await prefixes?.stop();
    }
    turn.code = extractCode(turn.answer);
    options.signal?.throwIfAborted();
    turn.outcome = await options.run(turn.code);
    options.observer?.onOutcome?.(turn);
    if (turn.outcome.ok) return { ok: true, turns };
    messages.push(
      { role: 'assistant', content: turn.answer },
      { role: 'user', content: repairMessage(turn.outcome.error) },
    );
  }
  return { ok: false, turns };
}
