#!/usr/bin/env node
/**
 * `npm test`: runs the npm scripts named on the command line (typecheck, lint, test:unit, test:e2e)
 * one after the other, each even when an earlier one failed, so a failing unit test no longer
 * hides the e2e results; prints one summary line (each stage, its result and its minutes) and
 * exits non-zero when any stage failed. Ctrl-C stops the run (the stage in progress gets the
 * signal from the terminal, and no later stage starts).
 */
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * Runs each npm script in turn and returns the summary line and the exit code.
 * @param {readonly string[]} stages npm script names
 * @param {{ cwd?: string, log?: (line: string) => void }} [options]
 * @returns {{ summary: string, code: number }}
 */
export function runStages(stages, { cwd = process.cwd(), log = (line) => console.log(line) } = {}) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const results = [];
  for (const stage of stages) {
    log(`\n> npm test: stage ${results.length + 1} of ${stages.length}, npm run ${stage}`);
    const started = Date.now();
    const run = spawnSync(npm, ['run', stage], { cwd, stdio: 'inherit', shell: process.platform === 'win32' });
    const seconds = Math.round((Date.now() - started) / 1000);
    const interrupted = run.signal === 'SIGINT' || run.signal === 'SIGTERM' || run.status === 130;
    const detail = run.error ? run.error.message : run.signal ?? `exit ${run.status}`;
    results.push({ stage, ok: run.status === 0, seconds, detail });
    if (interrupted) break;
  }
  const failed = results.filter((r) => !r.ok);
  const parts = results.map((r) => (r.ok ? `${r.stage} ok` : `${r.stage} FAILED (${r.detail})`) + ` ${r.seconds} s`);
  const skipped = stages.slice(results.length);
  if (skipped.length > 0) parts.push(`not run (interrupted): ${skipped.join(', ')}`);
  const passed = failed.length === 0 && skipped.length === 0;
  const verdict = passed ? 'all passed' : `${failed.length} of ${stages.length} failed`;
  return { summary: `npm test: ${verdict}: ${parts.join(', ')}`, code: passed ? 0 : 1 };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stages = process.argv.slice(2);
  if (stages.length === 0) {
    console.error('usage: node generator/build/test-stages.mjs <npm script>... (typecheck lint test:unit test:e2e)');
    process.exit(2);
  }
  const { summary, code } = runStages(stages);
  console.log(`\n${summary}`);
  process.exit(code);
}
