import type { VocabularyEntry } from '../../shared/index.ts';
import type {
  DropPreviewChunk,
  GenuiChunk,
  GenuiRequest,
  PreviewChunk,
} from '../../shared/neighbours/genui-v1/schemas.ts';
import { genuiCatalogSchema } from '../../adapters/genui-v1/catalog.ts';
import { augmentedVocabulary } from '../../adapters/genui-v1/augmentations.ts';
import type { LlmConfig } from '../config.ts';
import { ChatError, type ChatErrorCode, type ChatStreamProblem } from '../../generator/model/chat-client.ts';
import { redactError } from '../../shared/redact.ts';
import { createAnswerParser, type AnswerEvent } from './answer-parser.ts';
import { streamModel, type ModelMessage } from './model-stream.ts';
import { systemPrompt, toModelMessages } from './prompt.ts';
import { createPreviewSender } from './preview-sender.ts';
import { createToolCallReader } from './tool-calls.ts';
import { TurnText } from './turn-text.ts';
import { createCommandValidator } from './validate-command.ts';

/** Options of one GenUI turn. */
export interface TurnOptions {
  llm: LlmConfig;
  vocabulary: readonly VocabularyEntry[];
  request: GenuiRequest;
  /** Writes one chunk to the client (a JSONL line). */
  write(chunk: GenuiChunk | PreviewChunk | DropPreviewChunk): void;
  /** Aborted when the client goes away: the model call is aborted with it. */
  signal: AbortSignal;
  /** Repair turns after the first answer (default 2). */
  maxRepairs?: number;
  /** Longest model text forwarded per turn (default 256 Ki characters). */
  maxTextChars?: number;
  log?(event: Record<string, unknown>): void;
  /** At most one preview chunk per this many ms (default 100; progressive requests only). */
  previewThrottleMs?: number;
  /** Streams one completion (tests replace it; default: the OpenAI-compatible client). */
  stream?: typeof streamModel;
  /**
   * The model failed before anything was written (a timeout, an HTTP error, an unreachable
   * endpoint): the route answers with the seed's error envelope instead of a stream. Absent, the
   * failure is told in a `text` chunk and the turn ends with its `message` as usual.
   */
  fail?(failure: ModelFailure): void;
}

/** A model call that could not be answered at all, as the route's error envelope says it. */
export interface ModelFailure {
  code: ChatErrorCode;
  /** Redacted. */
  message: string;
}

/** Failures that a repair turn cannot help: the same call would fail again. */
const FINAL_FAILURES: ReadonlySet<ChatErrorCode> = new Set(['model_timeout', 'model_http_error', 'model_unreachable']);

/**
 * Runs one turn: the conversation goes to the model; its answer (tool calls and/or fenced JSONL
 * inside prose) is parsed as it streams; prose is forwarded as `text` chunks, and each complete UI
 * command is validated headlessly (widgets → particles → the renderer's own transaction and
 * vocabulary checks) before it is forwarded. Refused commands go back to the model with suip's
 * errors for at most `maxRepairs` turns; the corrected `addOrUpdateSurface` replaces the surface
 * (idempotent by the seed's semantics). What stays refused is reported in the text. Ends with the
 * final `message`. A request with `"suip": {"progressive": true}` also gets preview chunks of each
 * surface while the model writes it (`createPreviewSender`), withdrawn when the command is refused.
 *
 * What a broken stream lost is never silent: an unreadable line or a stopped stream is told to the
 * user at once as a `text` note, kept in the final `message` (the next turn's history) and given to
 * every repair prompt. A timeout, an HTTP error or an unreachable endpoint ends the turn without a
 * repair; before any chunk was written it goes to `fail` (the route's error envelope) instead.
 */
export async function runTurn(options: TurnOptions): Promise<void> {
  const maxRepairs = options.maxRepairs ?? 2;
  const maxText = options.maxTextChars ?? 256 * 1024;
  const { validate, previewVocabulary, ignored } = turnVocabulary(options);
  const stream = options.stream ?? streamModel;
  const messages: ModelMessage[] = [
    {
      role: 'system',
      content: systemPrompt(
        genuiCatalogSchema(options.vocabulary),
        options.request.catalogDefinition.augmentations,
        options.llm.tools,
        ignored,
      ),
    },
    ...toModelMessages(options.request.conversation),
  ];
  const said = new TurnText(options.write, maxText);
  const write = said.write;
  const unresolved = new Map<string, string[]>();
  let otherErrors: string[] = [];
  let finalFailure = false;
  for (let attempt = 0; attempt <= maxRepairs; attempt += 1) {
    const repair = attempt > 0;
    const progressive = options.request.suip?.progressive === true;
    const parser = createAnswerParser({ partial: progressive });
    const tools = createToolCallReader();
    const previews = progressive
      ? createPreviewSender(previewVocabulary, write, { throttleMs: options.previewThrottleMs })
      : undefined;
    let answer = '';
    const errors: string[] = [];
    let committed = 0;
    const handle = (events: AnswerEvent[]) => {
      for (const event of events) {
        if (event.kind === 'partial') previews?.content(event.text);
        else if (event.kind === 'text') {
          // A line that looked like a command was prose after all: its preview (if any) goes.
          previews?.refused();
          if (!repair) said.prose(event.text);
        } else if (event.kind === 'error') {
          previews?.refused();
          errors.push(event.message);
        } else {
          const checked = validate(event.value);
          if (checked.ok) {
            unresolved.delete(checked.surfaceId);
            committed += 1;
            previews?.committed(checked.surfaceId);
            write(checked.chunk);
          } else {
            if (checked.surfaceId !== undefined) unresolved.set(checked.surfaceId, checked.errors);
            previews?.refused(checked.surfaceId);
            errors.push(...checked.errors);
          }
        }
      }
    };
    try {
      await stream(
        options.llm,
        messages,
        (delta) => {
          if (delta.kind === 'content') {
            if (answer.length < 100_000) answer += delta.text.slice(0, 100_000 - answer.length);
            handle(parser.push(delta.text));
          } else {
            previews?.tool(delta.index, delta.name, delta.arguments);
            handle(tools.push(delta.index, delta.name, delta.arguments));
          }
        },
        options.signal,
        (problem: ChatStreamProblem) => {
          options.log?.({ event: 'genui-stream-problem', attempt, kind: problem.kind, afterChars: problem.afterChars });
          said.tellCut(
            `Part of the model's answer was lost in transit: a line of its stream could not be read ` +
              `after ${problem.afterChars} characters${repair ? ' of a repair turn' : ''}, so a piece of the ` +
              `text or of a UI command may be missing there (${problem.message.slice(0, 200)})`,
          );
        },
      );
    } catch (error) {
      if (options.signal.aborted) return previews?.end();
      // SECURITY: redacted (ChatError is already; anything else is redacted here) before it reaches the log, the page
      // or the model.
      const message = redactError(error);
      const code: ChatErrorCode = error instanceof ChatError ? error.code : 'model_stream_error';
      options.log?.({ event: 'genui-model-failed', attempt, code, error: message });
      if (FINAL_FAILURES.has(code) && said.written === 0 && options.fail !== undefined) {
        previews?.end();
        return options.fail({ code, message });
      }
      // No repair turn for a final failure: the same call would fail the same way. What was parsed so far is still
      // flushed below.
      finalFailure = FINAL_FAILURES.has(code);
      const repairError = tellStopped(said, { code, message, final: finalFailure, answerChars: answer.length });
      if (repairError !== undefined) errors.push(repairError);
    }
    handle(parser.end());
    handle(tools.end());
    previews?.end();
    const surfaceless = errors.filter((e) => ![...unresolved.values()].some((list) => list.includes(e)));
    // Errors without a surface id (a command cut mid-line, a line that is not JSON) are fixed only by
    // a repair that sends commands: one that answers with prose alone leaves them standing, told below.
    otherErrors = committed > 0 ? surfaceless : [...new Set([...otherErrors, ...surfaceless])];
    if (finalFailure || errors.length === 0 || attempt === maxRepairs || options.signal.aborted) break;
    options.log?.({ event: 'genui-repair', attempt: attempt + 1, errors: errors.length });
    messages.push({ role: 'assistant', content: answer.length > 0 ? answer : '(UI commands sent as tool calls)' });
    messages.push({ role: 'user', content: repairPrompt(errors, said.cutNotes) });
  }
  if (options.signal.aborted) return;
  const problems = [
    ...[...unresolved.entries()].map(([id, list]) => `surface "${id.slice(0, 60)}": ${list[0]}`),
    ...otherErrors.slice(0, 5),
  ];
  said.finish(problems);
}

/** The vocabulary a turn validates and previews with: the base catalog plus the client's added widgets. */
function turnVocabulary(options: TurnOptions) {
  // The client's added widgets validate like the base catalog's (one definition, derived back from their schema).
  const augmented = augmentedVocabulary(options.request.catalogDefinition.augmentations, options.vocabulary);
  const vocabulary = [...options.vocabulary, ...augmented.entries];
  if (augmented.ignored.length > 0)
    options.log?.({ event: 'genui-augmentations-ignored', count: augmented.ignored.length });
  const validate = createCommandValidator(vocabulary, augmented.types);
  // Previews read widgets by the names the model writes: the client's own, not the particle types standing for them.
  const byName = new Map([...augmented.types].map(([name, type]) => [type, name]));
  const previewVocabulary = vocabulary.map((entry) =>
    byName.has(entry.type) ? { ...entry, type: byName.get(entry.type)! } : entry,
  );
  return { validate, previewVocabulary, ignored: augmented.ignored };
}

/**
 * Tells the user that the model's answer stopped; answers the error for the repair prompt when
 * one follows (a final failure gets no repair).
 */
function tellStopped(
  said: TurnText,
  stop: { code: ChatErrorCode; message: string; final: boolean; answerChars: number },
): string | undefined {
  const { code, message, answerChars } = stop;
  if (stop.final)
    return void said.tellCut(
      `The model's answer stopped (${code}): ${message.slice(0, 300)}. ` +
        `What arrived before is shown; ask again to get the rest`,
    );
  said.tellCut(
    `The model's answer stopped after ${answerChars} ` +
      `characters: ${message.slice(0, 300)}. What arrived before is ` +
      `shown`,
  );
  return (
    `your previous answer stopped after ${answerChars} characters ` +
    `(${message.slice(0, 200)}); send the UI commands that did not arrive again`
  );
}

/** The repair turn's prompt: the refused commands, and what the user was told was lost. */
function repairPrompt(errors: string[], cutNotes: readonly string[]): string {
  const lost =
    cutNotes.length > 0 ? `\nWhat the user was told was lost from your answer:\n- ${cutNotes.join('\n- ')}` : '';
  return (
    `These UI commands were refused and not shown:\n- ${errors.slice(0, 20).join('\n- ')}${lost}\nSend ` +
    `corrected complete addOrUpdateSurface commands for those surfaces (a whole surface each), and nothing ` +
    `else.`
  );
}
