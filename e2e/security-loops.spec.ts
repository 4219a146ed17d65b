import { expectTerminated, runAttack } from './helpers/attack-runner.ts';
import { generatorCode } from './helpers/generator-code.ts';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { startHostCpu } from './helpers/host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter } from './helpers/stall-meter.ts';
import { attachHealthy, expect, expectHealthy, test } from './helpers/security-test.ts';

/**
 * Endless loops (issue 3, "Show"), beside a second generator: `while (true) {}`, and endless loops
 * that also post (towards the relay through self.postMessage, and on the raw data port). The
 * watchdog or the budget terminates the looping Worker with a reason; the host's longest gap stays
 * under 100 ms; the healthy generator keeps rendering and answering clicks, even while the other
 * one spins. (The sandbox owner's sandbox-lifecycle spec has the single-generator case.)
 */

test('while (true) {} beside a healthy generator: the healthy one answers clicks while the other spins, and after @stall', async ({
  page,
}) => {
  // A longer watchdog leaves time to prove that "b" works while "a" is still spinning.
  const renderer = await mountRenderer(page, { watchdog: { timeoutMs: 4000 } });
  await attachHealthy(renderer, 'b');
  const control = await openControlPage(page);
  await page.bringToFront();
  expect(await renderer.attach('a', generatorCode('bomb', { ATTACK: 'spin' }))).toEqual({ ok: true, status: 'ready' });
  await Promise.all([startStallMeter(page), startStallMeter(control)]);
  const cpu = await startHostCpu(page);
  await page.waitForTimeout(500);
  expect(await renderer.status('a')).toBe('ready');
  await expectHealthy(renderer, 'b', 0);
  expect(await renderer.status('a'), 'a is still spinning while b answered').toBe('ready');
  const ended = await renderer.waitForEvent({ generatorId: 'a', status: 'terminated' }, 15_000);
  expect(ended.reason).toBe('heartbeat');
  const [stall, idle, hostCpuMs] = await Promise.all([readStallMeter(page), readStallMeter(control), cpu?.read()]);
  console.log(
    `MEASURE spin (two generators): host max gap ${stall.maxGap} ms (longest task ${stall.longestTask} ms, idle control page ${idle.maxGap} ms, host CPU ${hostCpuMs ?? 'n/a'} ms)`,
  );
  const verdict = judgeStall(stall, idle, hostCpuMs, 100);
  expect(verdict.ok, verdict.why).toBe(true);
  await expectHealthy(renderer, 'b', 1);
  // The renderer takes a new generator after the loop was ended.
  await attachHealthy(renderer, 'c');
  await expectHealthy(renderer, 'c', 0);
});

test('for (;;) self.postMessage(...): the relay ends it on the first message on the Worker\'s own channel ("type")', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'spin-post');
  await expectTerminated(renderer, outcome, 'type');
  expect(outcome.reachedHost).toBeLessThan(10);
});

// @stall: about 1,000 messages reach the host within the budget before the relay ends the loop;
// measured beside other specs on two shared cores, that host work once read as a 134 ms stall.
test('for (;;) port.postMessage(...) on the raw data port: the relay ends it at the budget ("rate") @stall', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'spin-port');
  // The budget trips first unless the loop starves the relay's thread (then the heartbeat does).
  await expectTerminated(renderer, outcome, outcome.ended?.reason === 'heartbeat' ? 'heartbeat' : 'rate');
  expect(outcome.reachedHost).toBeLessThan(2100);
});

test('for (;;) on the captured comlink control port: the relay ends it at the budget ("rate")', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'spin-control');
  await expectTerminated(renderer, outcome, 'rate');
});

test('for (;;) on the captured exception-report port (comlink answers even garbage): ended at the budget ("rate")', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  // The attack throws once to make the runtime use (and expose) the report port: that first report
  // sets status "error"; what counts is that the flood after it is terminated and "b" keeps working.
  const outcome = await runAttack(renderer, 'spin-report', { until: 'terminated' });
  await expectTerminated(renderer, outcome, 'rate');
});

test('an endless loop in a click handler: the heartbeat verdict names the handler that was running (issue 47)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page, { watchdog: { timeoutMs: 1500 } });
  const code = `const { group, render } = suip;
render(group(null, [['calm', group('button', [['label', 'Calm']], { on: { click: () => {} } })], ['go', group('button', [['label', 'Spin']], { on: { click: () => { for (;;) {} } } })]]));`;
  expect(await renderer.attach('a', code)).toEqual({ ok: true, status: 'ready' });
  // A handler that returned is never blamed: the heartbeat after it clears it.
  await page.getByRole('button', { name: 'Calm' }).click();
  await page.waitForTimeout(400);
  await page.getByRole('button', { name: 'Spin' }).click();
  const ended = await renderer.waitForEvent({ generatorId: 'a', status: 'terminated' }, 15_000);
  expect(ended.reason).toBe('heartbeat');
  expect(ended.message).toMatch(
    /its event loop is blocked, e\.g\. by an endless loop\) while running the on\.click handler of the group at \["go"\]/,
  );
});
