import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildShellSource, shellModule } from './build-shell.ts';
import { widgetProgram } from './program.ts';

describe('the widget shell bundle', () => {
  it('is up to date (run `npx tsx adapters/canvas/widget/build-shell.ts` after changing the shell)', async () => {
    const committed = readFileSync(new URL('./shell-source.generated.ts', import.meta.url), 'utf8');
    expect(committed).toBe(shellModule(await buildShellSource()));
  });

  it('uses no eval and no Function constructor (the sandbox forbids both)', async () => {
    const code = await buildShellSource();
    expect(code).not.toMatch(/\beval\s*\(|new Function|Function\s*\(/);
  });

  it('inlines the js as a function body and the data as JSON literals (css is not passed)', () => {
    const program = widgetProgram(
      { html: '<p>{{x}}</p>', css: '.secret-css{}', js: 'return true;' },
      { x: '</script>' },
    );
    expect(program).toContain('function (action, payload, data, render, root) {\nreturn true;\n}');
    expect(program).not.toContain('secret-css');
    expect(program).toContain('{"x":"</script>"}');
  });
});
