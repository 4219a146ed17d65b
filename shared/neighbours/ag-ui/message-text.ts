/**
 * The text of an AG-UI message's `content`: a string as it is, or the `text` parts of a
 * multimodal content array joined in order (other parts, such as binary inputs, carry no text);
 * anything else (absent, a tool call's assistant message) is empty. The host's transcript and the
 * server's model loop both read messages this way, so they agree on what a message said.
 */
export function messageText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content
    .map((part: { type?: string; text?: string }) => (part.type === 'text' ? (part.text ?? '') : ''))
    .join('');
}
