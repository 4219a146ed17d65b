import { createFenceScanner, type FenceEvent } from '../../shared/code-fence.ts';
import { createLineFramer } from '../../shared/line-framer.ts';

/**
 * Prose lines of a streaming answer, one callback per complete non-empty line outside fenced code
 * blocks (the program is shown as a tool call, not as text). Fences are found by the tree's one
 * fence scanner (`shared/code-fence.ts`); its prose is cut into lines by the one line framer.
 */
export function createProseLines(onLine: (line: string) => void): { push(delta: string): void; end(): void } {
  const fences = createFenceScanner();
  // The tree's one bounded line framer (shared/line-framer.ts): a runaway line is skipped and said, never buffered
  // whole.
  const framer = createLineFramer(
    {
      line: (line) => line.trim() !== '' && onLine(line.trimEnd()),
      tooLong: ({ length }) => onLine(`[a line of ${length} characters was skipped]`),
    },
    { maxLineBytes: 64 * 1024 },
  );
  const prose = (events: FenceEvent[]) => {
    for (const event of events) if (event.kind === 'text') framer.push(event.text);
  };
  return {
    push: (delta) => prose(fences.push(delta)),
    end() {
      prose(fences.end());
      framer.end();
    },
  };
}
