/** One tool call a view asks the host to make. */
export interface ToolCallRequest {
  /** The tool's name, as the view sent it. */
  name: string;
  arguments: Record<string, unknown>;
}

/**
 * The host's consent rule for tool calls from a view (spec: views call server tools only through
 * the host). A call runs when its tool is in `allow`, or when `ask` resolves true; without
 * either, every call is refused. Tools the server marks model-only are refused whatever the rule.
 */
export interface ToolConsent {
  /** Tools the view may call without asking. */
  allow?: readonly string[];
  /** Ask the user (or a policy) about any other call; false or a rejection refuses it. */
  ask?: (call: ToolCallRequest) => Promise<boolean>;
}

/** Whether the host lets the view make `call`. */
export async function consents(rule: ToolConsent | undefined, call: ToolCallRequest): Promise<boolean> {
  if (rule?.allow?.includes(call.name) === true) return true;
  if (rule?.ask === undefined) return false;
  try {
    return (await rule.ask(call)) === true;
  } catch {
    return false;
  }
}
