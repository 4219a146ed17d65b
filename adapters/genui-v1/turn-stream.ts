import { measureJson } from '../../shared/json-shape.ts';
import { compile } from '../../shared/index.ts';
import type { HoldingGate } from '../../shared/sliced-reader.ts';
import { GenuiErrorBody } from '../../shared/neighbours/genui-v1/schemas.ts';
import { openAgentStream, type AgentStream } from '../kit/agent-stream.ts';
import type { GenuiClientOptions, TurnOutcome } from './client.ts';
import type { TranscriptMount } from './transcript-mount.ts';

const errorCheck = compile(GenuiErrorBody);
/** Lines nested deeper than this are skipped before they are parsed. */
const MAX_DEPTH = 64;

/** What one turn's request needs: the client's options, the transcript, and where each chunk goes. */
export interface TurnStreamParts {
  options: Pick<GenuiClientOptions, 'url' | 'fetch' | 'onStreamMode' | 'maxLineChars'>;
  transcript: TranscriptMount;
  /** Applies a parsed chunk; returns the final message's text when the chunk ended the turn. */
  apply(value: unknown): string | undefined;
  /** Told whether the reader holds lines it has read but not handed on (it yields to the host between slices). */
  holding: HoldingGate;
}

/**
 * Posts one turn and reads its JSONL answer line by line (`?stream=true`): each line bounded in
 * size and depth, parsed once and applied as it completes; nothing counts after the final
 * message. An HTTP error's envelope is shown on the turn.
 */
export async function postTurn(body: unknown, signal: AbortSignal, parts: TurnStreamParts): Promise<TurnOutcome> {
  const { options, transcript } = parts;
  const url = options.url + (options.url.includes('?') ? '&' : '?') + 'stream=true';
  const response = await openAgentStream(
    url,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    {
      signal,
      ...(options.fetch ? { fetch: options.fetch } : {}),
      ...(options.onStreamMode ? { onMode: options.onStreamMode } : {}),
    },
  );
  if (!response.ok) return httpError(response, transcript);
  let final: string | undefined;
  const maxLine = options.maxLineChars ?? 3_000_000;
  const { issue } = transcript;
  await response.read(
    'jsonl',
    { maxLineBytes: maxLine, maxEventBytes: maxLine },
    (item) => {
      if ('problem' in item)
        return issue({
          code: 'oversize_line',
          message: `a line of ${item.problem.length ?? maxLine + 1} characters was skipped (the limit is ${maxLine})`,
        });
      const line = item.event.data;
      if (final !== undefined || line.trim() === '') return; // nothing counts after the final message
      if (measureJson(line, MAX_DEPTH).truncated)
        return issue({ code: 'bad_line', message: `a line nested deeper than ${MAX_DEPTH} levels was skipped` });
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        return issue({ code: 'bad_line', message: `a line that is not JSON was skipped: ${line.slice(0, 80)}` });
      }
      final = parts.apply(value);
    },
    { onHolding: parts.holding.read() },
  );
  if (signal.aborted) return { status: 'aborted' };
  return final === undefined
    ? { status: 'incomplete', reason: 'the stream ended without its final message' }
    : { status: 'complete', text: final };
}

/** Shows an HTTP error on the turn: the GenUI error envelope when it is one, else the body as text. */
async function httpError(response: AgentStream, transcript: TranscriptMount): Promise<TurnOutcome> {
  const raw = await response.text(100_000).catch(() => '');
  let parsed: unknown = raw.slice(0, 2000);
  try {
    parsed = JSON.parse(raw.slice(0, 100_000)) as unknown;
  } catch {
    // not JSON: shown as text
  }
  const turn = transcript.current();
  if (errorCheck.check(parsed)) {
    const { code, message, supportedCatalogs } = parsed.error;
    // 5xx envelopes are the model failing behind the server (504 model_timeout, 502), not a refusal of the request.
    const title =
      response.status >= 500
        ? `The server's model did not answer (HTTP ${response.status}, ${code})`
        : `The server refused the request (HTTP ${response.status}, ${code})`;
    const catalogs = supportedCatalogs.map((c) => `${c.name} ${c.versions.join(', ')}`).join('; ') || 'none';
    turn.error = { title, detail: `${message} Supported catalogs: ${catalogs}.` };
  } else
    turn.error = {
      title: `The server answered HTTP ${response.status}`,
      detail: typeof parsed === 'string' ? parsed : JSON.stringify(parsed).slice(0, 500),
    };
  transcript.issue({ code: 'http_error', message: `${turn.error.title}: ${turn.error.detail}` });
  return { status: 'error', httpStatus: response.status, body: parsed };
}
