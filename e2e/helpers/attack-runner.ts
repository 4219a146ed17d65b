import type { HostEvent } from '../fixtures/security/host-api.ts';
import { generatorCode } from './generator-code.ts';
import type { MountedRenderer } from './mount-renderer.ts';
import { attachHealthy, expect, expectHealthy, particleAt } from './security-test.ts';
import { prepareHostCpu, startHostCpu } from './host-cpu.ts';
import { judgeStall, openControlPage, readStallMeter, startStallMeter, type StallReading } from './stall-meter.ts';

/** The host's longest event-loop gap allowed during an attack (issue 3: under 100 ms in Chromium). */
export const STALL_LIMIT_MS = 100;

/** How an attack by generator "a" ended, and what the host went through meanwhile. */
export interface AttackOutcome {
  /** The `suip-status` that ended "a" (terminated, or error), if any. */
  ended?: HostEvent;
  /** How many `suip-error` events "a" caused, the first and the last. */
  errorCount: number;
  firstError?: HostEvent;
  lastError?: HostEvent;
  /** What "a" rendered as its report, if it lived to report. */
  report?: Record<string, string>;
  stall: StallReading;
  /** The idle control page's meter over the same time (machine load, not the attack). */
  control: StallReading;
  /** Main-thread CPU the host used over the same window (ms). */
  /** Undefined outside Chromium (no CDP). */
  hostCpuMs: number | undefined;
  /** Data messages from "a" that reached the host's session (the renderer's traffic tap). */
  reachedHost: number;
}

/**
 * Run attack `name` of `generators/bomb.js` as generator "a" beside the healthy generator "b":
 * attach both, start the host stall meter (the attack waits 300 ms after its handshake, so the
 * meter covers it but not the host's own work of creating the iframe), wait until "a" is ended
 * or reports, then check the stall and that "b" still renders and answers a click. Logs a
 * `MEASURE` line with the figures.
 */
export async function runAttack(
  renderer: MountedRenderer,
  name: string,
  options: { until?: 'ended' | 'terminated'; timeout?: number } = {},
): Promise<AttackOutcome> {
  const { until = 'ended', timeout = 30_000 } = options;
  const { page } = renderer;
  await attachHealthy(renderer, 'b');
  await prepareHostCpu(page);
  const controlPage = await openControlPage(page);
  await page.bringToFront();
  const attached = await renderer.attach('a', generatorCode('bomb', { ATTACK: name }));
  // Attaching (a new iframe and its process) is the host's own doing; the attack starts 300 ms after it.
  await Promise.all([startStallMeter(page), startStallMeter(controlPage)]);
  const cpu = await startHostCpu(page);
  expect(attached, 'the attacker attaches (its attack starts after the handshake)').toEqual({
    ok: true,
    status: 'ready',
  });
  const deadline = Date.now() + timeout;
  let ended: HostEvent | undefined;
  let report: Record<string, string> | undefined;
  for (;;) {
    // Cheap polls only: reading every event or the whole snapshot would itself load the host.
    ended = (await renderer.summary('a', until === 'ended')).ended;
    const text = await renderer.textAt(['a', 'report']);
    if (text !== undefined) report = JSON.parse(text) as Record<string, string>;
    if (ended || (report && until === 'ended')) break;
    if (Date.now() > deadline)
      throw new Error(
        `attack ${name} neither ended nor reported; ${JSON.stringify(await renderer.summary('a', true))}`,
      );
    await page.waitForTimeout(50);
  }
  // Whatever was still queued arrives within this window, and counts towards the stall.
  await page.waitForTimeout(300);
  const [stall, control, hostCpuMs] = await Promise.all([
    readStallMeter(page),
    readStallMeter(controlPage),
    cpu?.read(),
  ]);
  if (cpu?.gapCpu) stall.gapCpuMs = await cpu.gapCpu(stall);
  await Promise.all([controlPage.close(), cpu?.stop()]);
  const summary = await renderer.summary('a');
  const outcome: AttackOutcome = {
    ended,
    errorCount: summary.errorCount,
    firstError: summary.firstError,
    lastError: summary.lastError,
    report,
    stall,
    control,
    hostCpuMs,
    reachedHost: (await renderer.traffic()).a?.in ?? 0,
  };
  console.log(
    `MEASURE ${name}: host max gap ${stall.maxGap} ms (longest task ${stall.longestTask} ms, idle control page ${control.maxGap} ms, host CPU ${hostCpuMs ?? 'n/a'} ms, in one gap ${stall.gapCpuMs ?? 'n/a'} ms); ` +
      `${ended ? `a ${ended.status} (${ended.reason})` : 'a alive'}; ${outcome.errorCount} suip-error` +
      `${outcome.lastError ? ` [last: ${outcome.lastError.error?.code} ${outcome.lastError.error?.message?.slice(0, 90)}]` : ''}; ` +
      `${outcome.reachedHost} messages reached the host${report ? `; a reported ${JSON.stringify(report).slice(0, 240)}` : ''}`,
  );
  const verdict = judgeStall(stall, control, hostCpuMs, STALL_LIMIT_MS);
  expect(verdict.ok, `host stall during ${name}: ${verdict.why}`).toBe(true);
  await expectHealthy(renderer, 'b', 0);
  return outcome;
}

/** "a" was terminated by the sandbox with `reason`, reported in `suip-status` and `suip-error`, and its subtree removed. */
export async function expectTerminated(
  renderer: MountedRenderer,
  outcome: AttackOutcome,
  reason: string,
): Promise<void> {
  expect(outcome.ended?.status, JSON.stringify(outcome.ended)).toBe('terminated');
  expect(outcome.ended?.reason).toBe(reason);
  // The reason is reported as a suip-error too, with a message for people and models.
  expect(outcome.lastError?.error?.data).toMatchObject({ reason });
  expect(outcome.lastError?.error?.message).toBeTruthy();
  expect(particleAt(await renderer.snapshot(), ['a'])).toBeUndefined();
  expect(await renderer.status('a')).toBe('terminated');
}
