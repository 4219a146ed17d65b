import type { A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import { jsonRecord } from './json-record.ts';
import { A2uiError } from './limits.ts';

/** The server → client messages a surface is built from; a message holds exactly one of them. */
export const MESSAGE_KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;
/** One of `MESSAGE_KINDS`. */
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** A message opened: its kind and body, or the fault that refuses it (still naming its surface when it can). */
export type Envelope =
  { kind: MessageKind; body: Record<string, unknown>; surfaceId: string } | { error: A2uiError; surfaceId: string };

/**
 * Opens one server → client message: exactly one kind, a version this bridge speaks (v0.9, v0.9.1
 * or its own), and a `surfaceId` string. `surfaceId` is read before the checks so a refusal can
 * still name the surface it was meant for.
 */
export function openEnvelope(m: Record<string, unknown> | undefined, version: A2uiVersion): Envelope {
  const kinds = m === undefined ? [] : MESSAGE_KINDS.filter((k) => Object.hasOwn(m, k));
  const body = m !== undefined && kinds.length === 1 ? jsonRecord(m[kinds[0]!]) : undefined;
  const surfaceId = typeof body?.surfaceId === 'string' ? body.surfaceId : '';
  if (m === undefined || kinds.length !== 1 || body === undefined) {
    const message = `an A2UI message is an object with "version" and exactly one of ${MESSAGE_KINDS.join(', ')}`;
    return { error: new A2uiError('VALIDATION_FAILED', '', message), surfaceId };
  }
  if (m.version !== 'v0.9' && m.version !== 'v0.9.1' && m.version !== version) {
    const message = `version ${JSON.stringify(m.version)} is not spoken here; send "${version}"`;
    return { error: new A2uiError('VALIDATION_FAILED', '/version', message), surfaceId };
  }
  const kind = kinds[0]!;
  if (surfaceId === '')
    return {
      error: new A2uiError('VALIDATION_FAILED', `/${kind}/surfaceId`, `${kind} needs a "surfaceId" string`),
      surfaceId,
    };
  return { kind, body, surfaceId };
}
