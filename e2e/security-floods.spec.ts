import { expectTerminated, runAttack, type AttackOutcome } from './helpers/attack-runner.ts';
import { mountRenderer } from './helpers/mount-renderer.ts';
import { expect, particleAt, test } from './helpers/security-test.ts';

/**
 * Floods and payload bombs (issue 3, "Show"): 200,000 messages, a 128 MB string, a 1M-node tree,
 * depth 200,000 — each through the runtime (`suip.ops` / `suip.render`) and straight onto the raw
 * data port (grabbed past the runtime). Each is stopped at the relay (the Worker terminated with a
 * reason) or refused as a transaction (an error with code -32005 back to the generator); the
 * host's longest event-loop gap stays under 100 ms; generator "b" beside it keeps working.
 * `runAttack` (helpers/attack-runner.ts) asserts the stall and "b"; each test asserts the stop.
 * The four named attacks are tagged @stall: they run last and alone (playwright.config.ts).
 */

const MiB = 1 << 20;

/** The data bytes that reached the host from "a" stay far below the bomb (nothing big got through). */
async function expectLittleReachedHost(
  renderer: Awaited<ReturnType<typeof mountRenderer>>,
  outcome: AttackOutcome,
  maxBytes = MiB,
): Promise<void> {
  const traffic = await renderer.traffic();
  expect(traffic.a?.inBytes ?? 0).toBeLessThan(maxBytes);
  expect(outcome.reachedHost).toBeLessThan(2100);
}

/** "a" was refused by the renderer's validator (-32005 naming `limit`) and lives on without the bomb. */
async function expectRefused(
  renderer: Awaited<ReturnType<typeof mountRenderer>>,
  outcome: AttackOutcome,
  limit: string,
  bombId: string,
): Promise<void> {
  expect(outcome.ended, JSON.stringify(outcome.ended)).toBeUndefined();
  expect(outcome.firstError?.error?.code).toBe(-32005);
  expect(outcome.firstError?.error?.message).toContain(limit);
  // The generator heard it too (suip/error → onError), and can keep going.
  expect(outcome.report?.errors).toContain('-32005');
  expect(outcome.report?.errors).toContain(limit);
  expect(particleAt(await renderer.snapshot(), ['a', bombId])).toBeUndefined();
  expect(await renderer.status('a')).toBe('ready');
}

test('200,000 messages on the raw port: the relay terminates it ("rate") after one burst @stall', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'flood-raw');
  await expectTerminated(renderer, outcome, 'rate');
  await expectLittleReachedHost(renderer, outcome);
});

test('200,000 self.postMessage calls towards the relay: it ends the Worker on the first one ("type"), nothing reaches the host', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'flood-self');
  // The runtime never uses the Worker's own channel; a message on it is hostile by definition.
  await expectTerminated(renderer, outcome, 'type');
  expect(outcome.reachedHost).toBeLessThan(10);
  // The spoofed relay messages it started with were not taken for the relay's own.
  expect(outcome.errorCount).toBe(1);
  expect(JSON.stringify(await renderer.events())).not.toContain('SPOOFED');
});

test('200,000 unhandled rejections, 1000 per task: the exception reports spend the budget ("rate")', async ({
  page,
  browserName,
}) => {
  test.fixme(
    browserName === 'firefox',
    `Firefox ESR 153 reports each unhandled rejection of a Worker on the host page's thread before any script hears of it (preventDefault and a late .catch do not stop it): the gate ends the program after the first task's 1,000, whose reports cost the host's thread 97–236 ms under WebDriver BiDi (10–30 ms per 2,000 in a plain Firefox); see docs/security.md "Firefox ESR"`,
  );
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'flood-rejections-tasks', { until: 'terminated' });
  // The relay's budget ("rate"), or the watchdog if producing the reports keeps the Worker too busy to answer.
  await expectTerminated(renderer, outcome, outcome.ended?.reason === 'heartbeat' ? 'heartbeat' : 'rate');
  // Bounded by the budget's burst plus its refill, not by the flood.
  expect(outcome.errorCount).toBeLessThan(2100);
});

test('unhandled rejections hidden from the runtime, 10 per task: the gate still counts them and ends the program ("rate")', async ({
  page,
  browserName,
}) => {
  // Chromium runs the program's Worker out of the host's process (no gate): its rejections never
  // reach the host's thread. Where the gate runs, each one is a console report on the host's thread.
  test.skip(browserName === 'chromium', "the gate runs only where the relay shares the host's thread");
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'rejections-unreported', { until: 'terminated' });
  await expectTerminated(renderer, outcome, 'rate');
  expect(outcome.lastError?.error?.message).toContain('promise rejections per second unhandled');
});

/**
 * A program that cancels the runtime's flush of its count (own-channel.ts `countUncaught`): its own
 * `unhandledrejection` listener runs right after the runtime's, which has just scheduled the flush,
 * and clears the timer ids just below a fresh one. A timer the program can name kept the count at 1
 * and silenced it for good; the flush now goes through a MessageChannel of the runtime's own.
 */
const CANCELLED_FLUSH = [
  'let mine;',
  // Capture, after the runtime's counter: it also stops the runtime's exception report (whose
  // messages would spend the message budget instead).
  "self.addEventListener('unhandledrejection', (event) => {",
  '  event.stopImmediatePropagation();',
  '  const probe = setTimeout(() => undefined, 0);',
  '  for (let id = probe; id > 0 && id > probe - 50; id -= 1) if (id !== mine) clearTimeout(id);',
  '}, true);',
  'mine = setInterval(() => {',
  "  for (let i = 0; i < 10; i += 1) Promise.reject(new Error('hidden'));",
  '}, 0);',
  'await new Promise(() => undefined);',
].join('\n');

test('unhandled rejections whose count the program cancels (clearTimeout): the gate still ends it ("rate")', async ({
  page,
  browserName,
}) => {
  test.skip(browserName === 'chromium', "the gate runs only where the relay shares the host's thread");
  const renderer = await mountRenderer(page);
  expect(await renderer.attach('a', CANCELLED_FLUSH)).toEqual({ ok: true, status: 'ready' });
  const deadline = Date.now() + 20_000;
  let ended = (await renderer.summary('a')).ended;
  while (ended === undefined && Date.now() < deadline) {
    await page.waitForTimeout(200);
    ended = (await renderer.summary('a')).ended;
  }
  expect(ended?.status, JSON.stringify(ended)).toBe('terminated');
  expect(ended?.reason).toBe('rate');
  const { lastError } = await renderer.summary('a');
  expect(lastError?.error?.message).toContain('promise rejections per second unhandled');
});

/**
 * A program that escapes its wrapper: its `};` closes the function `workerScript` (worker-report.ts)
 * puts the model's code in, so what follows runs at the script's top level, where its capture listener
 * stops every rejection event from reaching listeners registered after it. It re-opens `__suipMain`
 * so the handshake still completes. The runtime comes first in the script, so `countUncaught`'s
 * listener (own-channel.ts) is already registered and hears them first (found in review: with the
 * model's code first, the program was never ended).
 */
const ESCAPED_REJECTIONS = [
  '};',
  "self.addEventListener('unhandledrejection', (event) => event.stopImmediatePropagation(), true);",
  'self.__suipMain = async function () {',
  'setInterval(() => {',
  "  for (let i = 0; i < 10; i += 1) Promise.reject(new Error('hidden'));",
  '}, 0);',
  'await new Promise(() => undefined);',
].join('\n');

test('unhandled rejections hidden by code that escapes its wrapper: the gate still ends the program ("rate")', async ({
  page,
  browserName,
}) => {
  test.skip(browserName === 'chromium', "the gate runs only where the relay shares the host's thread");
  const renderer = await mountRenderer(page);
  expect(await renderer.attach('a', ESCAPED_REJECTIONS)).toEqual({ ok: true, status: 'ready' });
  const deadline = Date.now() + 20_000;
  let ended = (await renderer.summary('a', true)).ended;
  while (ended === undefined && Date.now() < deadline) {
    await page.waitForTimeout(200);
    ended = (await renderer.summary('a', true)).ended;
  }
  expect(ended?.status, JSON.stringify(ended)).toBe('terminated');
  expect(ended?.reason).toBe('rate');
});

test('a 128 MB string through suip.ops: never sent (refused in the Worker, or the Worker is stopped)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'string-ops');
  if (outcome.ended) await expectTerminated(renderer, outcome, 'heartbeat');
  else expect(outcome.report?.errors).toContain('maxMessageBytes');
  await expectLittleReachedHost(renderer, outcome);
});

test('a 128 MB string on the raw port: the relay terminates it ("bytes") @stall', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'string-raw');
  await expectTerminated(renderer, outcome, 'bytes');
  await expectLittleReachedHost(renderer, outcome);
});

test('a 1M-node tree through suip.render: never sent (refused in the Worker, or the Worker is stopped)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'nodes-render');
  if (outcome.ended) await expectTerminated(renderer, outcome, 'heartbeat');
  else expect(outcome.report?.errors).toContain('-32005');
  await expectLittleReachedHost(renderer, outcome);
});

test('a 1M-node tree (14 MB) on the raw port: the relay terminates it ("bytes") @stall', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'nodes-raw');
  await expectTerminated(renderer, outcome, 'bytes');
  await expectLittleReachedHost(renderer, outcome);
});

test('50,000 nodes packed under maxMessageBytes: counted and refused before they are parsed (maxNodes)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'nodes-validator');
  await expectRefused(renderer, outcome, 'maxNodes', 'many');
});

test('depth 200,000 through suip.ops: never sent (the Worker reports the error, or is stopped)', async ({
  page,
  browserName,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'depth-ops');
  if (outcome.ended?.status === 'terminated') await expectTerminated(renderer, outcome, 'heartbeat');
  // The overflow's wording is the engine's: RangeError in Chromium, "too much recursion" in Firefox.
  else if (outcome.ended)
    expect(outcome.ended.message).toMatch(
      browserName === 'chromium' ? /RangeError|call stack/ : /RangeError|call stack|too much recursion/,
    );
  else expect(outcome.report?.outcome).not.toBe('ok: acknowledged');
  expect(particleAt(await renderer.snapshot(), ['a', 'deep'])).toBeUndefined();
  await expectLittleReachedHost(renderer, outcome);
});

test('depth 200,000 (3.6 MB) on the raw port: the relay terminates it ("bytes") @stall', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'depth-raw');
  await expectTerminated(renderer, outcome, 'bytes');
  await expectLittleReachedHost(renderer, outcome);
});

test('depth 55,000 packed under maxMessageBytes: refused for its depth before it is parsed (maxDepth)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'depth-validator');
  await expectRefused(renderer, outcome, 'maxDepth', 'deep');
});

test('half a million nested arrays (1 MB) on the raw port: refused for their depth before they are parsed (maxDepth)', async ({
  page,
}) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'arrays-validator');
  await expectRefused(renderer, outcome, 'maxDepth', 'deep');
});

test('a 200,000-id path (800 KB) on the raw port: the validator refuses it (maxDepth)', async ({ page }) => {
  const renderer = await mountRenderer(page);
  const outcome = await runAttack(renderer, 'path-raw');
  await expectRefused(renderer, outcome, 'maxDepth', 'deep');
});
