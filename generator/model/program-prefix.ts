import { parse } from 'acorn';

/**
 * The longest prefix of a program that is still streaming in and already parses: a prefix that
 * ends at a line end and is a complete program. Run, it shows what the model has finished so
 * far; run again on a longer prefix (adopting what is shown), the UI grows without a flash.
 *
 * Cut points are line ends, tried from the newest back to `after` (the last good cut, since a
 * stream only grows): usually the first or second try parses. Returns `undefined` when no cut
 * after `after` parses. The body is parsed as the Worker wraps it, inside an async function, so
 * top-level `await` counts as complete.
 */
export function completePrefix(source: string, after = 0): string | undefined {
  for (let end = source.lastIndexOf('\n'); end > after; end = source.lastIndexOf('\n', end - 1)) {
    const candidate = source.slice(0, end + 1);
    if (candidate.trim() === '') return undefined;
    if (parses(candidate)) return candidate;
  }
  return undefined;
}

/** True when `code` is a complete program body (as the sandbox runs it). */
export function parses(code: string): boolean {
  try {
    parse(code, {
      ecmaVersion: 'latest',
      sourceType: 'script',
      allowAwaitOutsideFunction: true,
      allowReturnOutsideFunction: true,
    });
    return true;
  } catch {
    return false;
  }
}
