import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The `prepare` step (issue 48: `npm install <git URL>` installed a package with no dist/lib/):
 * it builds only in the clone npm prepares for a git dependency, once. Run as npm runs it, in a
 * scratch copy of the script whose `build:package` only records that it ran. The whole
 * `npm install git+file://…` path (clone, install of the devDependencies, build: many minutes) is
 * in the report of the change that added it, not in `npm test`.
 */
const script = fileURLToPath(new URL('./prepare-git-install.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'suip-prepare-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'generator/build'), { recursive: true });
cpSync(script, join(dir, 'generator/build/prepare-git-install.mjs'));
const recordBuild = "node -e \"require('fs').writeFileSync('built.txt', 'yes')\"";
writeFileSync(
  join(dir, 'package.json'),
  JSON.stringify({ name: 'scratch', private: true, scripts: { 'build:package': recordBuild } }),
);

function prepare(env: Record<string, string>) {
  rmSync(join(dir, 'built.txt'), { force: true });
  const marks = new Set(['_PACOTE_NO_PREPARE_', 'npm_package_resolved']);
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !marks.has(key)));
  const copy = join(dir, 'generator/build/prepare-git-install.mjs');
  const run = spawnSync(process.execPath, [copy], { cwd: dir, env: { ...clean, ...env }, encoding: 'utf8' });
  // It speaks on stderr (npm pack --json reads stdout); the build it runs prints where it likes.
  return { code: run.status, out: run.stderr + run.stdout, built: existsSync(join(dir, 'built.txt')) };
}

describe('prepare (generator/build/prepare-git-install.mjs)', () => {
  it("builds nothing in one's own clone (npm install / npm ci)", () => {
    const run = prepare({});
    expect(run).toMatchObject({ code: 0, built: false });
    expect(run.out).toContain('a clone runs from source');
  });

  it("builds dist/lib/ in the clone npm prepares for a git dependency, and exits with the build's code", () => {
    const run = prepare({ _PACOTE_NO_PREPARE_: 'git+file:///somewhere' });
    expect(run).toMatchObject({ code: 0, built: true });
    expect(run.out).toContain('building dist/lib/ for a git install');
  });

  it('does not build twice: once dist/lib/ is there, the packing pass only says so', () => {
    mkdirSync(join(dir, 'dist/lib/types/renderer'), { recursive: true });
    writeFileSync(join(dir, 'dist/lib/renderer.js'), '');
    writeFileSync(join(dir, 'dist/lib/types/renderer/index.d.ts'), '');
    const run = prepare({ npm_package_resolved: dir });
    expect(run).toMatchObject({ code: 0, built: false });
    expect(run.out).toContain('dist/lib/ is built');
    rmSync(join(dir, 'dist'), { recursive: true, force: true });
  });
});
