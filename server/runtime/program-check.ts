import { parse } from 'acorn';

/**
 * What the runtime can know about a generated program without running it: it must parse as the
 * sandbox runs it (the body of an async function) and it must call `render(…)`. The error is
 * worded for the model's repair turn (line and column, the fix). Running it happens in the
 * browser's sandbox, where the renderer reports the rest.
 */
export function checkProgram(code: string): { ok: true } | { ok: false; error: string } {
  if (code.trim() === '') return { ok: false, error: 'the answer has no program; answer with one ```js block' };
  try {
    parse(code, { ecmaVersion: 'latest', sourceType: 'script', allowAwaitOutsideFunction: true, allowReturnOutsideFunction: true, locations: true });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: `SyntaxError: ${message} (the program must parse as JavaScript; line:column as shown)` };
  }
  if (!/\brender\s*\(/.test(code)) return { ok: false, error: 'the program never calls render(tree); nothing would be shown. End with render(group(…)).' };
  return { ok: true };
}
