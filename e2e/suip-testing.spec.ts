import { expect, test } from '@playwright/test';
import { readFile } from 'node:fs/promises';
import {
  fixtureProgram,
  generatorErrors,
  installSuipTesting,
  parseSuipFixture,
  particle,
  routeFixture,
  waitForGeneratorStatus,
  type SuipFixture,
} from '../renderer/testing/index.ts';
import { openDevtools, openPlayground, slotView } from './fixtures/playground/playground-page.ts';

/**
 * `suip/testing` as a host developer uses it: a fixture recorded in the real playground ("Export
 * fixture", after a click) is replayed into an app page in place of its model endpoint; the test
 * waits for the generator's status and finds particles by path through the shadow roots. A
 * program that fails makes the wait fail at once with the renderer's reason.
 */

let recorded: string;

test.beforeAll(async ({ browser }) => {
  // Record, as a developer does: the playground's counter, clicked once, exported.
  const page = await browser.newPage();
  await openPlayground(page);
  await slotView(page, 'right').getByRole('button', { name: '+1' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 1 times')).toBeVisible({ timeout: 10_000 });
  // The export sits in the devtools, which start collapsed.
  await openDevtools(page);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export fixture' }).click();
  recorded = await readFile((await (await downloading).path())!, 'utf8');
  await page.close();
});

test.beforeEach(async ({ page }) => {
  await installSuipTesting(page);
});

test('a fixture exported from the playground replays into an app in place of its model: same tree, found by path, no key', async ({
  page,
}) => {
  const fixture: SuipFixture = parseSuipFixture(recorded);
  expect(fixture.generators).toEqual(expect.arrayContaining(['left', 'right']));
  const endpoint = await routeFixture(page, '**/api/generate-ui?*', fixture, { generatorId: 'right' });
  await page.goto('/e2e/fixtures/testing/app.html');
  const ready = await waitForGeneratorStatus(page, 'assistant', 'ready');
  expect(ready).toMatchObject({ generatorId: 'assistant', status: 'ready' });
  expect(endpoint.calls).toBe(1);
  // The recorded state after the click, located by the particle's path (mount id first).
  const recordedRight = (
    fixture.snapshot as { group: Array<[string, { group: Array<[string, unknown]> }]> }
  ).group.find(([id]) => id === 'right')![1];
  const rootId = recordedRight.group[0]![0];
  await expect(particle(page, ['assistant', rootId, 'body'])).toContainText('Clicked 1 times');
  await expect(particle(page, `assistant/${rootId}/buttons/inc`)).toContainText('+1');
  await expect(particle(page, 'assistant/no-such-id')).toHaveCount(0);
  // Scoped to the app's container, the same particle.
  await expect(particle(page.locator('#app'), ['assistant', rootId, 'body'])).toHaveCount(1);
  // Not only what shows: the whole subtree equals the one recorded.
  await expect
    .poll(
      async () =>
        (
          (await page.evaluate(() => (window as unknown as { app: { snapshot(): unknown } }).app.snapshot())) as {
            group: Array<[string, unknown]>;
          }
        ).group.find(([id]) => id === 'assistant')?.[1],
    )
    .toEqual(recordedRight);
  expect(await generatorErrors(page)).toEqual([]);
});

test("waitForGeneratorStatus fails at once with the renderer's reason when the program fails, and a fixture names what is wrong with it", async ({
  page,
}) => {
  // A program that does not parse fails before its handshake, so it is never ready. (One that
  // throws once running was ready first, for a few milliseconds: a wait for 'ready' that polled in
  // them resolved, as it should, and the test failed on a loaded machine.)
  await page.route('**/api/generate-ui?*', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'the model wrote nonsense' }),
  );
  await page.goto('/e2e/fixtures/testing/app.html');
  await expect(waitForGeneratorStatus(page, 'assistant', 'ready')).rejects.toThrow(
    /generator "assistant" is (error|terminated) \(.+\): .*Unexpected identifier 'model'/,
  );
  // The fixture's own checks, for a file that is not one or is ambiguous.
  expect(() => parseSuipFixture('{"messages": []}')).toThrow('"suipFixture": 1 is missing');
  expect(() => fixtureProgram(recorded)).toThrow(/pass \{ generatorId \} to pick one/);
  expect(() => fixtureProgram(recorded, { generatorId: 'nobody' })).toThrow(/no transaction of generator "nobody"/);
});
