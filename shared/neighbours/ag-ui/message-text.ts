/**
 * The text of an AG-UI message's `content`: a string as it is, or the `text` parts of a
 * multimodal content array joined in order (other parts, such as binary inputs, carry no text);
 * anything else (absent, a tool call's assistant message) is empty. The host's transcript and the
 * server's model loop both read messages this way, so they agree on what a message said.
 */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  // A part that is not a `text` part with a string (null, a number: a sender no schema checked) carries no text.
  return content
    .map((part: unknown) => {
      const { type, text } = (typeof part === 'object' && part !== null ? part : {}) as {
        type?: unknown;
        text?: unknown;
      };
      return type === 'text' && typeof text === 'string' ? text : '';
    })
    .join('');
}
