import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { freePort } from '../server/testing/redis-server.ts';
import { STALL_LIMIT_MS } from './helpers/attack-runner.ts';
import { MINIBROWSER, probeWebKitStalls, STALL_ATTACKS } from './webkit/webkit-stalls.ts';

/**
 * Issue 44, WebKit: the six raw-port @stall attacks in WebKitGTK (Debian's `webkit2gtk-driver`, its
 * MiniBrowser under Xvfb), driven over classic WebDriver (e2e/webkit/webkit-stalls.ts). WebKitGTK has no
 * site isolation, so the sandbox's relay shares the host's thread and the gate Worker carries the program,
 * as in Firefox. Each attack must end, cost the host's thread at most a quarter of the 100 ms bound within
 * any one gap of its timer (CPU from /proc: a loaded machine stretches the wall gaps, not the CPU), and
 * leave the healthy generator beside it answering a click. Tagged @stall: it runs after the other specs.
 */
const INSTALL = 'apt-get install -y webkit2gtk-driver xvfb (.ci/run installs them)';

/** Starts `command`, and resolves once `ready()` holds (polled), or rejects with what it printed. */
async function startProcess(
  command: string,
  args: string[],
  ready: () => Promise<boolean>,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (const until = Date.now() + 30_000; Date.now() < until;) {
    if (child.exitCode !== null) break;
    if (await ready().catch(() => false)) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${command} ${args.join(' ')} did not start: ${output.slice(-500)}`);
}

/** An X display number no server holds. */
function freeDisplay(): number {
  for (let n = 90; n < 200; n += 1)
    if (!existsSync(`/tmp/.X11-unix/X${n}`) && !existsSync(`/tmp/.X${n}-lock`)) return n;
  throw new Error('no free X display between :90 and :199');
}

test('WebKitGTK: every raw-port attack ends, costs the host ≤ 25 ms of CPU within a gap, and the healthy generator still answers @stall', async ({
  baseURL,
}) => {
  test.setTimeout(240_000);
  for (const binary of ['/usr/bin/Xvfb', '/usr/bin/WebKitWebDriver', MINIBROWSER])
    expect(existsSync(binary), `${binary} is missing: ${INSTALL}`).toBe(true);
  const display = freeDisplay();
  const started: ChildProcess[] = [];
  try {
    started.push(
      await startProcess('Xvfb', [`:${display}`, '-nolisten', 'tcp'], async () =>
        existsSync(`/tmp/.X11-unix/X${display}`),
      ),
    );
    const port = await freePort();
    const driver = `http://127.0.0.1:${port}`;
    const webDriver = await startProcess(
      'WebKitWebDriver',
      [`--port=${port}`],
      async () => {
        const status = (await (await fetch(`${driver}/status`)).json()) as { value?: { ready?: boolean } };
        return status.value?.ready === true;
      },
      { ...process.env, DISPLAY: `:${display}` },
    );
    started.push(webDriver);
    const found = await probeWebKitStalls(baseURL!, driver, webDriver.pid!);
    console.log(`MEASURE WebKitGTK ${found.version} ${JSON.stringify(found)}`);
    // The meter reads the host's thread: a deliberate 300 ms busy loop there shows (a loaded machine gives the
    // loop's wall time less CPU, so the floor is low; an idle page shows 0–8 ms).
    expect(found.control.cpu, 'CPU within the control loop’s gap').toBeGreaterThanOrEqual(30);
    expect(found.attacks.map((a) => a.attack)).toEqual([...STALL_ATTACKS]);
    for (const { attack, cpu, ended, healthyAfter } of found.attacks) {
      expect(ended, `${attack}: the attacker is ended`).toBeDefined();
      expect(cpu, `${attack}: host CPU within one gap`).toBeLessThanOrEqual(STALL_LIMIT_MS / 4);
      expect(healthyAfter, `${attack}: the healthy generator answers a click after it`).toBe(true);
    }
  } finally {
    for (const child of started.reverse()) child.kill('SIGTERM');
  }
});
