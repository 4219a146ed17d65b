import { expect as baseExpect, test, type Page } from '@playwright/test';
import { docsImage } from './helpers/docs-image.ts';
import { readFile } from 'node:fs/promises';
import type { Op } from '../shared/index.ts';
import { applyGeneratorTransaction, createMergedTree, mountGenerator, type MergedTree } from '../core/tree/index.ts';
import { createGroupChecker } from '../core/vocabulary/check-group.ts';
import {
  errorList,
  mirrorTree,
  openDevtools,
  openPlayground,
  slotView,
  snapshot,
  trackPageErrors,
} from './fixtures/playground/playground-page.ts';

// Interactions cross two sandboxes and a shared, loaded machine: allow time, assert no speed.
const expect = baseExpect.configure({ timeout: 10_000 });

/**
 * The devtools show exactly what crossed the wire: the op log rebuilds `renderer.snapshot()`
 * (in the page's wire mirror and, independently, here in Node from the exported fixture), the
 * inspector shows that tree, events name their owner, and a replayed fixture reproduces the tree.
 */

interface FixtureFile {
  suipFixture: 1;
  generators: string[];
  messages: Array<{ generatorId: string; direction: string; text: string }>;
  snapshot: MergedTree;
}

/** Rebuilds the merged tree from a fixture's generator → renderer messages, the way the renderer applies them. */
function rebuild(fixture: FixtureFile): MergedTree {
  const checkGroup = createGroupChecker();
  let tree = createMergedTree();
  for (const message of fixture.messages) {
    if (message.direction === 'life' && message.text === 'unmounted')
      tree = { group: tree.group.filter(([id]) => id !== message.generatorId) };
    if (message.direction !== 'in') continue;
    const value = JSON.parse(message.text) as unknown;
    const items = (Array.isArray(value) ? value : [value]) as Array<{ method: string; params: unknown }>;
    if (items.some((item) => item.method === 'suip/initialize')) tree = mountGenerator(tree, message.generatorId);
    const ops = items
      .filter((item) => item.method.startsWith('suip/ops/'))
      .map(({ method, params }) => ({ method, params }) as Op);
    if (ops.length === 0) continue;
    const result = applyGeneratorTransaction(tree, message.generatorId, ops, { checkGroup });
    if (result.ok) tree = result.tree;
  }
  return tree;
}

const byGenerator = (tree: unknown): Record<string, unknown> => Object.fromEntries((tree as MergedTree).group);

async function interact(page: Page): Promise<void> {
  await slotView(page, 'right').getByRole('button', { name: '+1' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 1 times')).toBeVisible();
  await slotView(page, 'left').getByRole('button', { name: 'Show °F' }).click();
  await expect(slotView(page, 'left').getByText('72 °F')).toBeVisible();
}

test('op log, inspector, events and counters show what crossed the wire; an exported fixture replays to the same tree', async ({
  page,
  browser,
}) => {
  const pageErrors = trackPageErrors(page);
  await page.setViewportSize({ width: 1400, height: 900 });
  await openPlayground(page);
  await interact(page);
  await openDevtools(page);
  await page.screenshot({ path: docsImage('playground.png') });

  // Op log: every message, both ways, filterable.
  const log = page.locator('pg-op-log');
  const total = await page.evaluate(
    () =>
      (window as unknown as { suipPlayground: { host: { log: { entries: unknown[] } } } }).suipPlayground.host.log
        .entries.length,
  );
  await expect(log.getByTestId('op-log-count')).toHaveText(`${total} of ${total} messages`);
  await log.getByLabel('Filter messages').fill('suip/event');
  await expect(log.locator('li')).toHaveCount(2);
  await expect(log.locator('li[data-generator="right"][data-direction="out"]')).toHaveCount(1);
  await log.locator('li[data-generator="right"] button').click();
  const eventJson = JSON.parse(await log.getByTestId('op-log-text').innerText()) as {
    method: string;
    params: { path: string[]; event: string };
  };
  expect(eventJson).toMatchObject({
    method: 'suip/event',
    params: { path: ['root', 'buttons', 'inc'], event: 'click' },
  });
  await log.getByLabel('Filter messages').fill('');
  await log.getByLabel('Direction').selectOption('in');
  await log.getByLabel('Generator').selectOption('left');
  const inLeft = await log.locator('li').count();
  expect(inLeft).toBeGreaterThanOrEqual(4); // initialize, initialized, first render, the °F update
  expect(await log.locator('li:not([data-direction="in"]), li:not([data-generator="left"])').count()).toBe(0);

  // Counters.
  const counters = page.locator('pg-counters');
  await expect(counters.locator('[data-counter="ops"]')).not.toHaveText('0');
  await expect(counters.locator('[data-counter="bytes-in"]')).toContainText(/KB|B/);
  await expect(counters.locator('[data-counter="last-transaction"]')).toContainText('ms');

  // Event log: each event went to its owner only.
  await page.getByRole('tab', { name: 'Events' }).click();
  const events = page.locator('pg-event-log tbody tr');
  await expect(events).toHaveCount(2);
  await expect(events.nth(0)).toHaveAttribute('data-generator', 'right');
  await expect(events.nth(0)).toContainText('["root","buttons","inc"]');
  await expect(events.nth(1)).toHaveAttribute('data-generator', 'left');
  await expect(events.nth(1)).toContainText('["root","units","fahrenheit"]');

  // Tree inspector: the merged tree, expandable, and the log reproduces it.
  await page.getByRole('tab', { name: 'Tree' }).click();
  const inspector = page.locator('pg-tree-inspector');
  await expect(inspector.getByTestId('mirror-check')).toHaveText(/✓ op log reproduces this tree/);
  await expect(inspector.locator('details[data-path=\'["left","root","stats"]\']')).toBeVisible();
  await expect(inspector.locator('[data-path=\'["right","root","body"]\']')).toContainText('Clicked **1** times');
  await inspector.locator('details[data-path=\'["left","root","stats"]\'] > summary').click();
  await expect(inspector.locator('details[data-path=\'["left","root","stats"]\']')).not.toHaveAttribute('open');
  await page.screenshot({ path: docsImage('playground-devtools-tree.png') });
  await inspector.getByRole('button', { name: 'JSON' }).click();
  const shownTree = JSON.parse(await inspector.getByTestId('tree-json').innerText()) as unknown;
  const current = await snapshot(page);
  expect(shownTree).toEqual(current);
  expect(byGenerator(await mirrorTree(page))).toEqual(byGenerator(current));

  // Export: the fixture carries the messages and the tree; rebuilt here in Node it equals the snapshot.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export fixture' }).click();
  const download = await downloading;
  const text = await readFile((await download.path())!, 'utf8');
  const fixture = JSON.parse(text) as FixtureFile;
  expect(fixture.suipFixture).toBe(1);
  expect(fixture.generators.sort()).toEqual(['left', 'right']);
  expect(fixture.snapshot).toEqual(current);
  expect(byGenerator(rebuild(fixture))).toEqual(byGenerator(current));

  // Replay in a fresh page showing other programs: the recorded messages rebuild the same tree.
  const other = await browser.newPage();
  await openPlayground(other, '/', 'left=chat&right=quiz');
  await other
    .getByLabel('Replay fixture')
    .setInputFiles({ name: 'fixture.json', mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect(other.getByTestId('notice')).toContainText('Replaying');
  await expect.poll(async () => byGenerator(await snapshot(other)), { timeout: 15_000 }).toEqual(byGenerator(current));
  await expect(slotView(other, 'left').getByText('72 °F')).toBeVisible();
  await expect(slotView(other, 'right').getByText('Clicked 1 times')).toBeVisible();
  // The editor shows the replay program for the selected slot.
  await expect(other.locator('pg-code-editor textarea')).toHaveValue(/Replay of a recorded suip op log/);
  await other.close();
  expect(pageErrors).toEqual([]);
});

test('errors from the renderer and the generator appear next to the code with op and path; Stop and Reset', async ({
  page,
}) => {
  await openPlayground(page);
  const editor = page.locator('pg-code-editor textarea');
  const run = page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Run' });

  // Run twice in a row: the second start waits for the first, one generator ends up running.
  await run.dblclick();
  await expect(page.getByTestId('status-left')).toHaveText('ready');
  await expect(slotView(page, 'left').getByText('Weather in Lisbon')).toHaveCount(1);
  await expect(errorList(page)).toHaveCount(0);

  // A rejected transaction: the error names the op index, method and path.
  await editor.fill(
    "await suip.render(suip.text('ok'));\nawait suip.ops([{ method: 'suip/ops/remove', params: { path: ['nope'] } }]);\n",
  );
  await run.click();
  const rejected = errorList(page).filter({ hasText: 'PathNotFound' });
  await expect(rejected).toHaveCount(1);
  await expect(rejected.locator('[data-field="index"]')).toHaveText('0');
  await expect(rejected.locator('[data-field="method"]')).toHaveText('suip/ops/remove');
  await expect(rejected.locator('[data-field="path"]')).toHaveText('["nope"]');
  // The UI that was accepted stays.
  await expect(slotView(page, 'left').getByText('ok')).toBeVisible();

  // An exception in the program: the generator's error with its line.
  await editor.fill("const { text, render } = suip;\nrender(text('before'));\nundefinedHelper();\n");
  await run.click();
  const thrown = errorList(page).filter({ hasText: 'undefinedHelper' });
  await expect(thrown).toHaveCount(1);
  await expect(thrown).toHaveAttribute('data-source', 'generator');
  await expect(thrown.locator('[data-field="line"]')).toHaveText('3');
  // The line is one click away: the editor selects it.
  await thrown.getByRole('button', { name: /line 3/ }).click();
  expect(
    await editor.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd)),
  ).toBe('undefinedHelper();');

  // The watchdog: a busy loop is terminated and reported; the other generator keeps working.
  await editor.fill('while (true) {}\n');
  await run.click();
  await expect(errorList(page).filter({ hasText: /heartbeat|watchdog|respond/i })).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByTestId('status-left')).toHaveText('terminated');
  await slotView(page, 'right').getByRole('button', { name: '+1' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 1 times')).toBeVisible();

  // Stop removes the right generator's subtree; Reset stops all and clears the log.
  await page.locator('.slots [data-slot="right"]').click();
  await page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('status-right')).toHaveText('stopped');
  await expect(slotView(page, 'right')).toHaveCount(0);
  await page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Reset' }).click();
  await expect(page.locator('pg-op-log').getByTestId('op-log-count')).toHaveText('0 of 0 messages');
  await expect(page.locator('pg-code-editor textarea')).toHaveValue(/Counter: the smallest interactive program/);
  await page.getByRole('group', { name: 'Program' }).getByRole('button', { name: 'Run' }).click();
  await expect(slotView(page, 'right').getByText('Clicked 0 times')).toBeVisible();
});
