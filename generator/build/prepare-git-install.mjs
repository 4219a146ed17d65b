#!/usr/bin/env node
/**
 * npm's `prepare` step: makes `npm install <git URL>` (and `git+file://…`) install a working
 * package. npm installs a git dependency by cloning it, running `npm install` in the clone (with
 * the devDependencies, marked by `_PACOTE_NO_PREPARE_` in the environment) and packing the clone
 * after its `prepare` script (`npm_package_resolved` set); it runs no `prepack`, so without this
 * step the package would hold no `dist/lib/`. Here it builds what `npm pack` builds
 * (`npm run build:package`), once, in the clone npm prepares.
 *
 * In one's own clone (`npm install`, `npm ci`) it builds nothing: the playground, the tests and
 * the server run from source, and `npm pack` builds the package through `prepack`.
 * What it says goes to stderr: `npm pack --json` prints its lifecycle scripts' stdout before the JSON.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const preparingGitDependency =
  process.env._PACOTE_NO_PREPARE_ !== undefined || process.env.npm_package_resolved !== undefined;
const built = existsSync(`${root}dist/lib/renderer.js`) && existsSync(`${root}dist/lib/types/renderer/index.d.ts`);

if (!preparingGitDependency) {
  console.error('suip prepare: a clone runs from source; `npm pack` (or `npm run build:package`) builds dist/lib/');
} else if (built) {
  console.error('suip prepare: dist/lib/ is built');
} else {
  console.error('suip prepare: building dist/lib/ for a git install (npm run build:package)');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const shell = process.platform === 'win32';
  const run = spawnSync(npm, ['run', 'build:package'], { cwd: root, stdio: 'inherit', shell });
  process.exit(run.status ?? 1);
}
