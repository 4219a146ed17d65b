/** The messages of an A2UI stream as text: `{messages: [...]}` (the corpus form), a JSON list, or JSONL. */
export function a2uiMessages(text: string): unknown[] {
  const trimmed = text.trim();
  if (trimmed.startsWith('{') || trimmed.startsWith('[')) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      if (Array.isArray(value)) return value;
      const messages = (value as { messages?: unknown }).messages;
      if (Array.isArray(messages)) return messages;
      return [value];
    } catch {
      // Not one JSON text: read it as JSONL below.
    }
  }
  return trimmed
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as unknown);
}
