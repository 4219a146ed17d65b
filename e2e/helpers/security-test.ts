import { test as base, expect, type Page } from '@playwright/test';
import { startCanary, type Canary } from './canary-server.ts';
import { generatorCode } from './generator-code.ts';
import type { MountedRenderer } from './mount-renderer.ts';

/**
 * `test` for the security specs: every test gets its own canary server on 127.0.0.1 (started
 * before the test, closed after it, so a late request from one test can never be counted by
 * another) and a list of popups the page opened.
 */
export const test = base.extend<{ canary: Canary; popups: Page[] }>({
  canary: async ({}, use) => {
    const canary = await startCanary();
    await use(canary);
    await canary.close();
  },
  popups: async ({ context }, use) => {
    const popups: Page[] = [];
    context.on('page', (page) => popups.push(page));
    await use(popups);
  },
});

export { expect };

type Json = unknown;

/** The particle at `path` (ids from the merged root) in a `renderer.snapshot()`, or undefined. */
export function particleAt(snapshot: Json, path: readonly string[]): Json {
  let node: Json = snapshot;
  for (const id of path) {
    const entries = (node as { group?: [string, Json][] } | null)?.group;
    if (!Array.isArray(entries)) return undefined;
    node = entries.find((entry) => entry[0] === id)?.[1];
  }
  return node;
}

/** The JSON report a hostile fixture rendered as text particle "report" of generator `id`. */
export async function readReport(
  renderer: MountedRenderer,
  id: string,
  timeout = 15_000,
): Promise<Record<string, string>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const particle = particleAt(await renderer.snapshot(), [id, 'report']) as { text?: string } | undefined;
    if (typeof particle?.text === 'string') return JSON.parse(particle.text) as Record<string, string>;
    if (Date.now() > deadline)
      throw new Error(
        `generator ${id} rendered no report; snapshot: ${JSON.stringify(await renderer.snapshot()).slice(0, 2000)}`,
      );
    await renderer.page.waitForTimeout(50);
  }
}

/** Attach the healthy counter fixture as generator `id` and wait until it shows "count 0". */
export async function attachHealthy(renderer: MountedRenderer, id: string): Promise<void> {
  const outcome = await renderer.attach(id, generatorCode('healthy', { ID: id }));
  expect(outcome, `attach ${id}`).toEqual({ ok: true, status: 'ready' });
  await expect(renderer.page.getByText(`${id} count 0`)).toBeVisible();
}

/**
 * Prove generator `id` (the healthy fixture) still works: its count is `before`, a click on its
 * group reaches it, and it re-renders with `before + 1` in both the DOM and the snapshot.
 */
export async function expectHealthy(renderer: MountedRenderer, id: string, before = 0): Promise<void> {
  const { page } = renderer;
  // Generous: relays share one sandbox process, so messages an attacker queued before it was
  // terminated can delay the others' for a while on a loaded machine (docs/security.md, known limits).
  const timeout = 15_000;
  await expect(page.getByText(`${id} count ${before}`)).toBeVisible({ timeout });
  await page.getByText(`inc ${id}`).click();
  await expect(page.getByText(`${id} count ${before + 1}`)).toBeVisible({ timeout });
  expect(particleAt(await renderer.snapshot(), [id, 'status'])).toMatchObject({ text: `${id} count ${before + 1}` });
  expect(await renderer.status(id)).toBe('ready');
}
