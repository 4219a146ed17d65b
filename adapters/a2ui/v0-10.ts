import { DataModel } from './data-model.ts';
import type { FunctionHost } from './functions.ts';
import { A2uiError, type A2uiLimits } from './limits.ts';
import type { A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { resolveDynamic } from './resolve.ts';
import { jsonRecord } from './json-record.ts';

/** The answer to an action sent with `wantResponse` (v0.10 `actionResponse`). */
export type ActionResponse = { value: unknown } | { error: { code: string; message: string } };

/**
 * v0.10 `callFunction`: runs a basic function the agent asks for (`callableFrom` must allow the
 * client) on its literal arguments, and answers `functionResponse` when `wantResponse`, or a
 * generic error carrying the `functionCallId` (never a surfaceId, as the v0.10 schema requires).
 */
export function callFunctionMessage(
  message: Record<string, unknown>,
  host: Omit<FunctionHost, 'formatString'>,
  limits: A2uiLimits,
  send: (out: A2uiOutgoing) => void,
): void {
  const id = message.functionCallId;
  const call = jsonRecord(message.callFunction);
  const fail = (text: string) => {
    if (typeof id === 'string')
      send({ message: { version: 'v0.10', error: { code: 'FUNCTION_FAILED', functionCallId: id, message: text } } });
  };
  if (typeof id !== 'string' || id === '' || call === undefined || typeof call.call !== 'string') {
    return fail(
      'callFunction needs "functionCallId" and "callFunction": {"call", "args", "returnType", "callableFrom"}',
    );
  }
  if (call.callableFrom === 'remoteOnly')
    return fail(`function "${call.call.slice(0, 40)}" is remoteOnly; the client does not run it`);
  try {
    // A server call has no surface: paths resolve against an empty model.
    const value = resolveDynamic(
      { call: call.call, args: call.args },
      { model: new DataModel(limits), path: '/', host },
    );
    if (message.wantResponse === true)
      send({
        message: { version: 'v0.10', functionResponse: { functionCallId: id, call: call.call, value: value ?? null } },
      });
  } catch (error) {
    fail(error instanceof A2uiError || error instanceof Error ? error.message : String(error));
  }
}

/** Reads a v0.10 `actionResponse`; undefined when it is malformed. */
export function readActionResponse(
  message: Record<string, unknown>,
): { actionId: string; response: ActionResponse } | undefined {
  const body = jsonRecord(message.actionResponse);
  if (typeof message.actionId !== 'string' || body === undefined) return undefined;
  if (Object.hasOwn(body, 'value')) return { actionId: message.actionId, response: { value: body.value } };
  const error = jsonRecord(body.error);
  if (error !== undefined && typeof error.code === 'string' && typeof error.message === 'string')
    return { actionId: message.actionId, response: { error: { code: error.code, message: error.message } } };
  return undefined;
}
