import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * `npm test` runs every stage even when one fails (issue 48: a timing test's failure in the unit
 * stage, chained with `&&`, kept the 317 e2e tests from running) and still exits non-zero. Real
 * `npm run` in a scratch package whose scripts stand in for the stages.
 */
const script = fileURLToPath(new URL('./test-stages.mjs', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'suip-test-stages-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function run(scripts: Record<string, string>, stages: string[]) {
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'stages', private: true, scripts }));
  const out = spawnSync(process.execPath, [script, ...stages], { cwd: dir, encoding: 'utf8' });
  return { code: out.status, stdout: out.stdout, summary: out.stdout.trim().split('\n').pop() ?? '' };
}

describe('npm test stages (generator/build/test-stages.mjs)', () => {
  it('runs the later stages after a failed one, exits non-zero and names the failed stage in one summary line', () => {
    const out = run({ unit: 'node -e "process.exit(3)"', e2e: 'node -e "console.log(\'e2e ran\')"' }, ['unit', 'e2e']);
    expect(out.stdout).toContain('e2e ran');
    expect(out.code).toBe(1);
    expect(out.summary).toMatch(/^npm test: 1 of 2 failed: unit FAILED \(exit 3\) \d+ s, e2e ok \d+ s$/);
  });

  it('repeats, before the summary, the lines of a failed stage that named a failure (a CI log is read from its end)', () => {
    const failing = `node -e "console.log('ok 1');console.log(' FAIL  a.test.ts > a test that broke');process.exit(1)"`;
    const out = run({ unit: failing, e2e: `node -e "console.log('long output')"` }, ['unit', 'e2e']);
    const tail = out.stdout.slice(out.stdout.lastIndexOf('long output'));
    expect(tail).toContain('what unit reported failing:\n  FAIL  a.test.ts > a test that broke');
    // Not the passing line (the summary's `e2e ok 1 s` is no repeat of it: a stage of 1 s under load).
    expect(tail).not.toMatch(/^\s*ok 1$/m);
    expect(out.code).toBe(1);
  });

  it('exits 0 with "all passed" when every stage passes', () => {
    const out = run({ a: 'node -e ""', b: 'node -e ""' }, ['a', 'b']);
    expect(out.code).toBe(0);
    expect(out.summary).toMatch(/^npm test: all passed: a ok \d+ s, b ok \d+ s$/);
  });

  it('fails a stage that is not a script (a typo in package.json cannot pass silently)', () => {
    const out = run({ a: 'node -e ""' }, ['a', 'missing']);
    expect(out.code).toBe(1);
    expect(out.summary).toMatch(/missing FAILED/);
  });

  it('ends a stage that exited though a process it left running holds its output open (npm test never hangs on it)', () => {
    // The stage starts a sleeper that inherits its stdout and outlives it, then exits.
    const leave = `node -e "const c=require('child_process').spawn('sleep',['120'],{stdio:'inherit',detached:true});require('fs').writeFileSync('pid',String(c.pid));c.unref()"`;
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'stages', private: true, scripts: { a: leave, b: `node -e "console.log('b ran')"` } }),
    );
    try {
      // Bound: the fix's worst case is two npm runs and a 2 s grace; before, it waited the sleeper's 120 s.
      const out = spawnSync(process.execPath, [script, 'a', 'b'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
      expect(out.error, 'the stages still ran after 60 s').toBeUndefined();
      expect(out.stdout).toContain('b ran');
      expect(out.stdout.trim().split('\n').pop()).toMatch(/^npm test: all passed: a ok \d+ s, b ok \d+ s$/);
    } finally {
      try {
        process.kill(-Number(readFileSync(join(dir, 'pid'), 'utf8')), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  }, 90_000);

  it('on Ctrl-C passes on what the stage says as it stops, starts no later stage and still prints its summary', async () => {
    const stop = `node -e "process.on('SIGINT',()=>setTimeout(()=>{console.log('stage cleaned up');process.exit(130)},300));console.log('stage ready');setInterval(()=>{},1000)"`;
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: 'stages', private: true, scripts: { a: stop, b: `node -e "console.log('b ran')"` } }),
    );
    // Its own process group, as a terminal's foreground job: Ctrl-C is a SIGINT to the whole group.
    const runner = spawn(process.execPath, [script, 'a', 'b'], {
      cwd: dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    const ready = new Promise<void>((resolve) =>
      runner.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString('utf8');
        if (stdout.includes('stage ready')) resolve();
      }),
    );
    const ended = new Promise<number | null>((resolve) => runner.on('close', (code) => resolve(code)));
    try {
      await ready;
      process.kill(-runner.pid!, 'SIGINT');
      expect(await ended).toBe(1);
    } finally {
      if (runner.exitCode === null) process.kill(-runner.pid!, 'SIGKILL');
    }
    expect(stdout).toContain('stage cleaned up');
    expect(stdout).not.toContain('b ran');
    expect(stdout.trim().split('\n').pop()).toMatch(/not run \(interrupted\): b$/);
  }, 60_000);
});
