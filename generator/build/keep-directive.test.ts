import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { keepDirective } from './keep-directive.ts';

const dirs: string[] = [];
function files(source: string, built: string, mappings = 'AAAA;AACA') {
  const dir = mkdtempSync(join(tmpdir(), 'suip-directive-'));
  dirs.push(dir);
  writeFileSync(join(dir, 'index.ts'), source);
  writeFileSync(join(dir, 'react.js'), built);
  writeFileSync(join(dir, 'react.js.map'), JSON.stringify({ version: 3, mappings }));
  return { source: join(dir, 'index.ts'), built: join(dir, 'react.js') };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('keepDirective', () => {
  it("writes 'use client' back above the first import of a bundle that dropped it, and moves the source map down one line", () => {
    const f = files(
      "// why\n'use client';\nexport { x } from './x.ts';\n",
      'import { useRef } from "react";\nexport const x = 1;\n',
    );
    keepDirective(f.built, f.source);
    expect(readFileSync(f.built, 'utf8')).toBe(
      '\'use client\';\nimport { useRef } from "react";\nexport const x = 1;\n',
    );
    expect((JSON.parse(readFileSync(`${f.built}.map`, 'utf8')) as { mappings: string }).mappings).toBe(';AAAA;AACA');
  });

  it('leaves a bundle that kept the directive as it is (no second directive, the map untouched)', () => {
    const built = '"use client";\nimport { useRef } from "react";\n';
    const f = files("'use client';\n", built);
    keepDirective(f.built, f.source);
    expect(readFileSync(f.built, 'utf8')).toBe(built);
    expect((JSON.parse(readFileSync(`${f.built}.map`, 'utf8')) as { mappings: string }).mappings).toBe('AAAA;AACA');
  });

  it('fails the build when the source entry lost its directive', () => {
    const f = files("export { x } from './x.ts';\n'use client';\n", 'export const x = 1;\n');
    expect(() => keepDirective(f.built, f.source)).toThrow(/must start with 'use client'/);
  });
});
