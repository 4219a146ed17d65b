import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * Bundlers drop module-level directives such as `'use client'` (Rollup and Rolldown warn and strip
 * them, since a directive means nothing inside a bundle). React Server Components read it from the
 * top of the file a server component imports, so the package build writes it back at the top of
 * the built entry — before any import, as the RSC rules require — and fails if the source lost it.
 */
export function keepDirective(builtFile: string, sourceFile: string, directive = 'use client'): void {
  const pattern = new RegExp(`^\\s*(?:\\/\\/[^\\n]*\\n\\s*)*['"]${directive}['"];?`);
  if (!pattern.test(readFileSync(sourceFile, 'utf8')))
    throw new Error(`${sourceFile} must start with '${directive}'; the package build keeps it in ${builtFile}`);
  const built = readFileSync(builtFile, 'utf8');
  if (new RegExp(`^['"]${directive}['"]`).test(built)) return;
  writeFileSync(builtFile, `'${directive}';\n${built}`);
  // One line added above the code: the source map's lines move down by one (an empty first line).
  const map = `${builtFile}.map`;
  if (existsSync(map)) {
    const json = JSON.parse(readFileSync(map, 'utf8')) as { mappings: string };
    writeFileSync(map, JSON.stringify({ ...json, mappings: `;${json.mappings}` }));
  }
}
