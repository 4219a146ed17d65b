import { EventType, type BaseEvent } from '@ag-ui/core';
import { EventSchema } from '@ag-ui/core/schemas';
import { measureJson } from '../../json-shape.ts';
import type { AgUiLimits } from './limits.ts';

/**
 * Why an event from an AG-UI agent was refused: `event_too_large` (over `maxEventBytes`, judged
 * before parsing), `malformed_event` (not JSON, too deep, or not the shape its type has),
 * `unknown_event` (a `type` AG-UI 1.0 does not have).
 */
export type AgUiEventRefusal = {
  ok: false;
  code: 'event_too_large' | 'malformed_event' | 'unknown_event';
  message: string;
};

/** The one AG-UI event decoded from an SSE event's data, or why not. */
export type DecodedEvent = { ok: true; event: BaseEvent } | AgUiEventRefusal;

const KNOWN_TYPES: ReadonlySet<string> = new Set(Object.values(EventType));

/**
 * Decodes one SSE `data` payload into an AG-UI event: bounded in bytes and depth before
 * `JSON.parse`, then checked against `@ag-ui/core`'s own schema, so what passes is exactly what
 * the protocol allows. Every refusal says what was wrong and what a well-formed event looks like.
 */
export function decodeAgUiEvent(data: string, limits: Pick<AgUiLimits, 'maxEventBytes' | 'maxDepth'>): DecodedEvent {
  // A UTF-16 length over the bound is over it in UTF-8 too; under it, it is within 3× — checked exactly below.
  if (data.length > limits.maxEventBytes || new TextEncoder().encode(data).length > limits.maxEventBytes) {
    return {
      ok: false,
      code: 'event_too_large',
      message:
        `an event of ${data.length} characters was refused before parsing (the bound ` +
        `is ${limits.maxEventBytes} bytes); stream large values in many TOOL_CALL_ARGS / ` +
        `TEXT_MESSAGE_CONTENT deltas`,
    };
  }
  const shape = measureJson(data, limits.maxDepth);
  if (shape.truncated)
    return {
      ok: false,
      code: 'malformed_event',
      message: `an event nested deeper than ${limits.maxDepth} levels was refused before parsing`,
    };
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return {
      ok: false,
      code: 'malformed_event',
      message:
        `an event that is not JSON was skipped: ${JSON.stringify(data.slice(0, 80))}; each SSE event's data ` +
        `must be one JSON object such as {"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi"}`,
    };
  }
  const type =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as { type?: unknown }).type
      : undefined;
  if (typeof type !== 'string')
    return {
      ok: false,
      code: 'malformed_event',
      message:
        'an event without a string "type" was skipped; every AG-UI ' +
        'event is an object with a "type" such as "RUN_STARTED"',
    };
  if (!KNOWN_TYPES.has(type))
    return {
      ok: false,
      code: 'unknown_event',
      message:
        `an event of unknown type ${JSON.stringify(type.slice(0, 60))} was skipped; AG-UI 1.0 ` +
        `types are ${[...KNOWN_TYPES].slice(0, 8).join(', ')}, … (use CUSTOM for your own)`,
    };
  const checked = EventSchema.safeParse(value);
  if (!checked.success) {
    const first = checked.error.issues[0];
    const where =
      first === undefined
        ? ''
        : ` at ${first.path.length === 0 ? 'the top' : `/${first.path.join('/')}`}: ${first.message}`;
    return {
      ok: false,
      code: 'malformed_event',
      message: `a ${type} event that does not match the AG-UI schema was skipped${where}`,
    };
  }
  return { ok: true, event: checked.data as BaseEvent };
}
