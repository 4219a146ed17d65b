/** One tool call a view asks the host to make. */
export interface ToolCallRequest {
  /** The tool's name, as the view sent it. */
  name: string;
  arguments: Record<string, unknown>;
  /** The app asking: the view's `ui://` resource (one server's app; remembered answers are kept per app and tool). */
  app: string;
}

/**
 * The user's answer to one prompt: a bare boolean is for this call only; `remember: true` keeps
 * the answer (allow or refuse) for this app and tool for the rest of the session, so an app that
 * polls a tool asks once.
 */
export type ConsentAnswer = boolean | { allow: boolean; remember?: boolean };

/**
 * The host's consent rule for tool calls from a view (spec: views call server tools only through
 * the host). A call runs when its tool is in `allow`, when the server marked it app-only (spec
 * visibility `["app"]`: it exists for its app and the model never sees it, so it is not asked
 * about), when a remembered answer allows it, or when `ask` allows it; without any of these, every
 * call is refused. Tools the server marks model-only are refused whatever the rule.
 */
export interface ToolConsent {
  /** Tools the view may call without asking. */
  allow?: readonly string[];
  /** Ask the user (or a policy) about any other call; false or a rejection refuses it. */
  ask?: (call: ToolCallRequest) => Promise<ConsentAnswer>;
  /** Ask about app-only tools too (default false: the spec's reference host does not ask for them). */
  askAppOnly?: boolean;
}

/** Remembered answers: per session (the host's client for one server), then per app and tool. */
const remembered = new WeakMap<object, Map<string, boolean>>();
/** At most this many remembered answers per session: an app cannot grow the host's memory without bound. */
export const MAX_REMEMBERED_ANSWERS = 256;

const key = (call: ToolCallRequest) => `${call.app}\n${call.name}`;

/**
 * Whether the host lets the view make `call`. `session` is the object the answers are remembered
 * on (the host's MCP client: its connection to the server is the session) and `appOnly` says the
 * server marked the tool app-only.
 */
export async function consents(
  rule: ToolConsent | undefined,
  call: ToolCallRequest,
  session: object,
  appOnly = false,
): Promise<boolean> {
  if (rule?.allow?.includes(call.name) === true) return true;
  if (appOnly && rule?.askAppOnly !== true) return true;
  const memory = remembered.get(session);
  const known = memory?.get(key(call));
  if (known !== undefined) return known;
  if (rule?.ask === undefined) return false;
  let answer: ConsentAnswer;
  try {
    answer = await rule.ask(call);
  } catch {
    return false;
  }
  const allow = answer === true || (typeof answer === 'object' && answer !== null && answer.allow === true);
  if (typeof answer === 'object' && answer !== null && answer.remember === true) {
    const map = memory ?? new Map<string, boolean>();
    if (map.size < MAX_REMEMBERED_ANSWERS) map.set(key(call), allow);
    remembered.set(session, map);
  }
  return allow;
}

/** Forget every remembered answer of `session` (a host's "reset permissions"; closing the client ends them too). */
export function forgetConsents(session: object): void {
  remembered.delete(session);
}
