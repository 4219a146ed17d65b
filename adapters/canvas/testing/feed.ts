/** Feeds `text` to a streaming reader cut at `cuts` (any order), then ends it: the same text however it streams. */
export function feedCut(reader: { push(chunk: string): void; end(): void }, text: string, cuts: number[]): void {
  let at = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    reader.push(text.slice(at, cut));
    at = cut;
  }
  reader.push(text.slice(at));
  reader.end();
}
