import type { ServerResponse } from 'node:http';
import type { VocabularyEntry } from '../../shared/index.ts';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import type { LlmConfig } from '../config.ts';
import type { Route } from '../http/route.ts';
import { errorBody, readGenuiRequest } from './request.ts';
import { runTurn, type TurnOptions } from './turn.ts';

/** Options of the GenUI v1.0 routes. */
export interface GenuiRouteOptions {
  /** The model; absent = 503 with the error envelope (the server still starts with zero configuration). */
  llm?: LlmConfig;
  /** Body limit in bytes (default 4 MiB). */
  maxBodyBytes?: number;
  vocabulary?: readonly VocabularyEntry[];
  maxRepairs?: number;
  /** Turns streaming at once (default 16); one more is answered 503 `unavailable` with Retry-After. */
  maxRuns?: number;
  /** Bytes of JSONL waiting for a slow reader (default 1 MiB); past it the turn and its model call are aborted. */
  maxBufferedBytes?: number;
  log(event: Record<string, unknown>): void;
  /** Tests replace the model client. */
  stream?: TurnOptions['stream'];
}

function sendError(response: ServerResponse, headers: Record<string, string>, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    ...headers,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
}

/**
 * `POST /genUI?stream=true` (seed 000): checks first (see `readGenuiRequest`), then one model turn
 * streamed back as JSONL (`application/jsonl`), one chunk per line, written as it is ready. A
 * client that goes away aborts the model call. A model that fails before the first chunk (timeout:
 * 504 `model_timeout`; HTTP error or unreachable: 502 `model_http_error` / `model_unreachable`) is
 * answered with the seed's error envelope; after it, the failure is a `text` chunk and the final
 * `message` as usual.
 */
export function genuiRoutes(options: GenuiRouteOptions): Route[] {
  const vocabulary = options.vocabulary ?? BUILTIN_VOCABULARY;
  const maxRuns = options.maxRuns ?? 16;
  const maxBuffered = options.maxBufferedBytes ?? 1 << 20;
  let running = 0;
  return [
    {
      method: 'POST',
      path: '/genUI',
      // SECURITY: the route spends the server's model key. The edge (server/http/router.ts) answers only to the
      // server's own Host names (DNS rebinding) and to allowed Origins (CORS for those alone), before this runs.
      errorBody: (code, message) =>
        errorBody(code === 'BODY_TOO_LARGE' ? 'body_too_large' : 'invalid_request', message),
      async handle(request, response, url) {
        const headers = {};
        const checked = await readGenuiRequest(request, url, options.maxBodyBytes ?? 4 << 20);
        if (!checked.ok) {
          options.log({ event: 'genui-refused', status: checked.status, code: checked.body.error.code });
          return sendError(response, headers, checked.status, checked.body);
        }
        if (options.llm === undefined)
          return sendError(
            response,
            headers,
            503,
            errorBody(
              'model_not_configured',
              'this server has no model: start it with --llm-url <OpenAI-compatible base ' +
                'URL> (and --llm-model; the key in SUIP_LLM_KEY or --llm-key-file)',
            ),
          );
        // Each turn holds a model call and a stream: a budget of turns at once.
        if (running >= maxRuns) {
          options.log({ event: 'genui-refused', status: 503, code: 'unavailable', running });
          return sendError(
            response,
            { ...headers, 'retry-after': '2' },
            503,
            errorBody(
              'unavailable',
              `this server is streaming ${maxRuns} GenUI turns already; retry after the Retry-After seconds`,
            ),
          );
        }
        running += 1;
        response.once('close', () => (running -= 1));
        const controller = new AbortController();
        // The response closing before it finished means the client went away (or the socket broke).
        response.on('close', () => {
          if (!response.writableFinished) controller.abort();
        });
        // The 200 goes out with the first chunk: a model that fails before saying anything (a
        // timeout, an HTTP error) is answered with the seed's error envelope instead of a stream.
        const open = () => {
          if (response.headersSent) return;
          response.writeHead(200, {
            ...headers,
            'content-type': 'application/jsonl; charset=utf-8',
            'cache-control': 'no-store',
            'x-content-type-options': 'nosniff',
          });
        };
        const started = Date.now();
        let failed = false;
        await runTurn({
          llm: options.llm,
          vocabulary,
          request: checked.value,
          signal: controller.signal,
          maxRepairs: options.maxRepairs,
          log: options.log,
          stream: options.stream,
          write: (chunk) => {
            if (controller.signal.aborted) return;
            open();
            // Backpressure: the model cannot wait, so what a slow reader leaves unread is bounded; past it the turn
            // ends.
            if (!response.write(`${JSON.stringify(chunk)}\n`) && response.writableLength > maxBuffered) {
              options.log({ event: 'genui-aborted', code: 'slow_reader', buffered: response.writableLength });
              controller.abort();
              response.destroy();
            }
          },
          fail: ({ code, message }) => {
            failed = true;
            // SECURITY: `message` is redacted by the chat client and the turn (it may quote the endpoint's body).
            if (!controller.signal.aborted)
              sendError(
                response,
                headers,
                code === 'model_timeout' ? 504 : 502,
                errorBody(code, `${message} (the model behind this server failed; try again later)`),
              );
          },
        });
        options.log({ event: controller.signal.aborted ? 'genui-aborted' : 'genui-turn', ms: Date.now() - started });
        if (!controller.signal.aborted && !failed) {
          open();
          response.end();
        }
      },
    },
  ];
}
