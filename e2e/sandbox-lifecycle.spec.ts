import { expect, test } from '@playwright/test';
import { attach, events, openHost, subtree, waitForStatus } from './fixtures/sandbox/host-client.ts';

test('while (true) {} in the model code: host keeps running, watchdog terminates, a new generator attaches @stall', async ({
  page,
}) => {
  await openHost(page);
  const meter = (action: 'start' | 'read') =>
    page.evaluate((a) => {
      const host = window.sandboxTest;
      if (a === 'start') host.startStallMeter();
      return host.longestGap();
    }, action);
  // Baseline: the same page with nothing looping, for as long as the watchdog will take.
  await meter('start');
  await page.waitForTimeout(1500);
  const baseline = await meter('read');
  const looping = await attach(
    page,
    'loop',
    `suip.render(suip.group(null, [['t', suip.text('about to loop')]])).then(() => { while (true) {} });`,
  );
  expect(looping).toEqual({ ok: true, status: 'ready' });
  // The loop starts as soon as the first render is acknowledged, i.e. about now.
  await meter('start');
  const terminated = await waitForStatus(page, 'loop', 'terminated');
  expect(terminated.reason).toBe('heartbeat');
  const gap = await meter('read');
  console.log(
    `MEASURE longest host gap while the Worker looped: ${gap.toFixed(1)} ms (baseline without a generator: ${baseline.toFixed(1)} ms)`,
  );
  // The claim is < 100 ms; on a machine that already stalls the idle page (other suites running on
  // the same 2 cores) the loop must not add more than 100 ms to the baseline stall either.
  expect(gap).toBeLessThan(Math.max(100, baseline + 100));
  // The renderer reported it with the reason, and removed the dead generator's subtree and frame.
  const error = (await events(page)).find((e) => e.type === 'suip-error' && e.detail.generatorId === 'loop');
  expect(JSON.stringify(error?.detail)).toContain('heartbeat');
  expect(await subtree(page, 'loop')).toBeUndefined();
  await expect(page.locator('iframe')).toHaveCount(0);

  const next = await attach(
    page,
    'after',
    `suip.render(suip.group(null, [['t', suip.text('alive after the loop')]]));`,
  );
  expect(next).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('alive after the loop')).toBeVisible();
});

test('an uncaught exception in the model code is reported as an error status with message and line', async ({
  page,
}) => {
  await openHost(page);
  const code = [
    'const { render, group, text } = suip;',
    "render(group(null, [['t', text('before the throw')]]));",
    "throw new Error('boom at three');",
  ].join('\n');
  // The throw may already have been reported when attach returns (status "error"): both are fine.
  expect(await attach(page, 'thrower', code)).toMatchObject({ ok: true });
  const status = await waitForStatus(page, 'thrower', 'error');
  expect(status.reason).toBe('exception');
  expect(status.message).toContain('boom at three');
  expect(status.message).toContain('line 3');
  // The generator keeps what it rendered and stays attached.
  await expect(page.getByText('before the throw')).toBeVisible();
});

test('a syntax error fails attach with the line, and leaves nothing behind', async ({ page, browserName }) => {
  await openHost(page);
  const result = await attach(page, 'broken', 'const a = 1;\nconst = ;');
  expect(result.ok).toBe(false);
  const status = await waitForStatus(page, 'broken', 'error');
  expect(status.reason).toBe('startup-failed');
  if (browserName === 'firefox') {
    // Firefox ESR 153 fires the Worker's error event for a script that fails to parse without a
    // message or line number, so the relay can only report its generic reason. Known gap: the
    // attach still fails and nothing is left behind (checked below), but the line is not reported.
    expect(status.message).toMatch(/SyntaxError|Unexpected|failed to load/);
  } else {
    expect(status.message).toMatch(/SyntaxError|Unexpected/);
    expect(status.message).toContain('line 2');
  }
  expect(await subtree(page, 'broken')).toBeUndefined();
  await expect(page.locator('iframe')).toHaveCount(0);
});

test('detach sends suip/shutdown, removes the frame and the subtree', async ({ page }) => {
  await openHost(page);
  expect(await attach(page, 'g', `suip.render(suip.group(null, [['t', suip.text('here')]]));`)).toEqual({
    ok: true,
    status: 'ready',
  });
  await expect(page.getByText('here')).toBeVisible();
  await page.evaluate(() => window.sandboxTest.detach('g'));
  const status = await waitForStatus(page, 'g', 'terminated');
  expect(status.reason).toBe('detached');
  const out = await page.evaluate(() =>
    window.sandboxTest.traffic.filter((t) => t.direction === 'out').map((t) => t.text),
  );
  expect(out.some((text) => text.includes('"suip/shutdown"'))).toBe(true);
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(await subtree(page, 'g')).toBeUndefined();
});

test('the iframe has exactly sandbox="allow-scripts", an allow list, and a CSP-first srcdoc', async ({ page }) => {
  await openHost(page);
  expect(await attach(page, 'g', `suip.render(suip.group(null, []));`)).toEqual({ ok: true, status: 'ready' });
  // The program's frame (a warm one may follow it, with the same attributes).
  const frame = page.locator('iframe').first();
  await expect(frame).toHaveAttribute('sandbox', 'allow-scripts');
  expect(await frame.getAttribute('allow')).toContain("sync-xhr 'none'");
  const srcdoc = (await frame.getAttribute('srcdoc')) ?? '';
  expect(srcdoc).toMatch(
    /^<!doctype html><html><head><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline'; worker-src blob:">/,
  );
});
