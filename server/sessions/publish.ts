import type { LiveSession } from '../../shared/neighbours/live/frames.ts';
import { checkActionSpec } from '../live/action-contract.ts';

/** One checked thing an agent publishes. */
export type Publish =
  | { kind: 'render'; body: { session: LiveSession; matchType?: string } }
  | { kind: 'props'; body: { props: unknown } }
  | { kind: 'data'; body: { channel: string; mode: 'append' | 'replace'; payload: unknown } };

const CHANNEL = /^[\w.:-]{1,64}$/;

/** Check one body of `POST …/render | props | data`, with an error an agent can act on. */
export function checkPublish(
  kind: Publish['kind'],
  value: unknown,
): { ok: true; value: Publish } | { ok: false; error: string } {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { ok: false, error: 'the body must be a JSON object' };
  const body = value as Record<string, unknown>;
  if (kind === 'render') {
    if (typeof body.session !== 'object' || body.session === null || Array.isArray(body.session))
      return { ok: false, error: 'render needs {session: {runtime, componentCode?, propsSpec?, actionSpec?, …}}' };
    const session = body.session as LiveSession;
    if (
      session.actionSpec !== undefined &&
      (typeof session.actionSpec !== 'object' || session.actionSpec === null || Array.isArray(session.actionSpec))
    )
      return { ok: false, error: 'session.actionSpec is an object {actionName: spec}' };
    const contract = session.actionSpec === undefined ? undefined : checkActionSpec(session.actionSpec);
    if (contract !== undefined) return { ok: false, error: contract };
    return {
      ok: true,
      value: {
        kind,
        body: { session, ...(typeof body.matchType === 'string' ? { matchType: body.matchType.slice(0, 64) } : {}) },
      },
    };
  }
  if (kind === 'props') {
    if (!('props' in body)) return { ok: false, error: 'props needs {props} (the full replacement state)' };
    return { ok: true, value: { kind, body: { props: body.props } } };
  }
  if (typeof body.channel !== 'string' || !CHANNEL.test(body.channel))
    return { ok: false, error: 'data needs {channel: 1–64 of letters, digits, _ . : -, mode, payload}' };
  if (body.mode !== 'append' && body.mode !== 'replace')
    return { ok: false, error: 'data needs {mode: "append" | "replace"}' };
  return { ok: true, value: { kind, body: { channel: body.channel, mode: body.mode, payload: body.payload } } };
}
