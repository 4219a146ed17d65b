/**
 * `npm run gen:wire-schemas`: writes `shared/wire-schemas.generated.ts`, the renderer's wire
 * schemas as data for the ahead-of-time checks (`shared/wire-checks.ts`). Run it after changing a
 * schema in shared/; `generator/build/wire-schemas.test.ts` fails until then.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderWireSchemasModule } from './wire-schemas.ts';

const file = fileURLToPath(new URL('../../shared/wire-schemas.generated.ts', import.meta.url));
writeFileSync(file, renderWireSchemasModule());
console.log(`wrote ${file}`);
