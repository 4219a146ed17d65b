#!/usr/bin/env node
/**
 * `npm test`: runs the npm scripts named on the command line (typecheck, lint, test:unit, test:e2e)
 * one after the other, each even when an earlier one failed, so a failing unit test no longer
 * hides the e2e results; prints, last, the lines that named a failure in each failed stage (a
 * CI log is often read from its end only) and one summary line (each stage, its result and its
 * seconds), and exits non-zero when any stage failed. Ctrl-C stops the run (the stage in progress
 * gets the signal from the terminal, what it says as it stops is still passed on, no later stage
 * starts, and the summary is printed; a second Ctrl-C ends it at once).
 */
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * Lines that name a failure: vitest's `FAIL`/`×` lines, Playwright's `✘` and numbered failures,
 * tsc's `error TS…`, eslint's `line:col  error` and prettier's `[warn]` (colours removed first).
 * Only result markers: a test's own log ("Agent execution failed: …") is not one.
 */
const FAILURE_LINE = /^(FAIL\b|×|✘|\d+\) \[|\[warn\] )|error TS\d+|^\d+:\d+\s+error\s|^npm error /;
/** At most this many failure lines are repeated per stage: enough to name every failed test of a bad run. */
const MAX_FAILURE_LINES = 40;
const ANSI = /\u001b\[[0-9;]*[A-Za-z]/g;
/** How long a stage's output pipes may stay open after it exited before they are let go (ms). */
const PIPE_GRACE_MS = 2000;

/**
 * Runs `npm run <stage>`, its output passed through as it comes, and resolves with its exit and
 * the distinct lines of its output that named a failure.
 * @returns {Promise<{ status: number | null, signal: string | null, error?: Error, failures: string[] }>}
 */
function runStage(npm, stage, cwd) {
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', stage], {
      cwd,
      stdio: ['inherit', 'pipe', 'pipe'],
      shell: process.platform === 'win32',
    });
    const failures = new Set();
    const partial = { stdout: '', stderr: '' };
    const scan = (name, chunk, sink) => {
      sink.write(chunk);
      const lines = (partial[name] + chunk.toString('utf8')).split('\n');
      partial[name] = lines.pop() ?? '';
      for (const line of lines) {
        const plain = line.replace(ANSI, '').trim();
        // npm's echo of the script (`> node …`) is not a result.
        if (failures.size < MAX_FAILURE_LINES && !plain.startsWith('> ') && FAILURE_LINE.test(plain))
          failures.add(plain.slice(0, 300));
      }
    };
    child.stdout.on('data', (chunk) => scan('stdout', chunk, process.stdout));
    child.stderr.on('data', (chunk) => scan('stderr', chunk, process.stderr));
    child.on('error', (error) => resolve({ status: null, signal: null, error, failures: [...failures] }));
    child.on('close', (status, signal) => resolve({ status, signal, failures: [...failures] }));
    // A process the stage left running (a server a test did not stop) may hold its output pipes
    // open after the stage exited: 'close' would then wait for that process, and `npm test` hang.
    // The stage's own output is read within the grace; then the pipes are let go.
    child.on('exit', (status, signal) => {
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({ status, signal, failures: [...failures] });
      }, PIPE_GRACE_MS).unref();
    });
  });
}

/**
 * Runs each npm script in turn and returns the summary line and the exit code.
 * @param {readonly string[]} stages npm script names
 * @param {{ cwd?: string, log?: (line: string) => void, interrupted?: () => boolean }} [options]
 * @returns {Promise<{ summary: string, failures: string, code: number }>}
 */
export async function runStages(
  stages,
  { cwd = process.cwd(), log = (line) => console.log(line), interrupted: stopped = () => false } = {},
) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const results = [];
  for (const stage of stages) {
    log(`\n> npm test: stage ${results.length + 1} of ${stages.length}, npm run ${stage}`);
    const started = Date.now();
    const run = await runStage(npm, stage, cwd);
    const seconds = Math.round((Date.now() - started) / 1000);
    const interrupted = stopped() || run.signal === 'SIGINT' || run.signal === 'SIGTERM' || run.status === 130;
    const detail = run.error ? run.error.message : (run.signal ?? `exit ${run.status}`);
    results.push({ stage, ok: run.status === 0, seconds, detail, failures: run.failures });
    if (interrupted) break;
  }
  const failed = results.filter((r) => !r.ok);
  const parts = results.map((r) => (r.ok ? `${r.stage} ok` : `${r.stage} FAILED (${r.detail})`) + ` ${r.seconds} s`);
  const skipped = stages.slice(results.length);
  if (skipped.length > 0) parts.push(`not run (interrupted): ${skipped.join(', ')}`);
  const passed = failed.length === 0 && skipped.length === 0;
  const verdict = passed ? 'all passed' : `${failed.length} of ${stages.length} failed`;
  const failures = failed
    .map(
      (r) =>
        `what ${r.stage} reported failing:\n` +
        (r.failures.length > 0
          ? r.failures.map((line) => `  ${line}`).join('\n')
          : '  (no line named a failure: read its output above)'),
    )
    .join('\n');
  return { summary: `npm test: ${verdict}: ${parts.join(', ')}`, failures, code: passed ? 0 : 1 };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stages = process.argv.slice(2);
  if (stages.length === 0) {
    console.error('usage: node generator/build/test-stages.mjs <npm script>... (typecheck lint test:unit test:e2e)');
    process.exit(2);
  }
  // Ctrl-C reaches the stage from the terminal (one process group); this process reads the stage's
  // output through pipes, so it stays to pass on what the stage says as it stops, then the summary.
  // A second Ctrl-C ends it at once.
  let interrupts = 0;
  process.on('SIGINT', () => {
    interrupts += 1;
    if (interrupts > 1) process.exit(130);
  });
  const { summary, failures, code } = await runStages(stages, { interrupted: () => interrupts > 0 });
  if (failures !== '') console.log(`\n${failures}`);
  console.log(`\n${summary}`);
  process.exit(code);
}
