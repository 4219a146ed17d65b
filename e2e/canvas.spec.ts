import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { encode } from '@toon-format/toon';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { KANBAN_DATA, KANBAN_DEFINE, SAMPLES } from '../adapters/canvas/testing/samples.ts';
import { hasRedisServer, startRedisServer } from '../server/testing/redis-server.ts';
import { startServer, type ServerProcess } from '../server/testing/server-process.ts';
import { composedHtml } from './helpers/host-dom.ts';
import { readStallMeter, startStallMeter } from './helpers/stall-meter.ts';

/**
 * The GenUI canvas (seed 001) in Chromium against real server processes on 127.0.0.1: an agent
 * posts ops (JSON and TOON) to the server, the page gets the compacted canvas and then the live
 * channel. Built-ins, axe, one leaf op per patch, moves that keep the node and focus, the seed's
 * kanban working locally, hostile widgets contained, offline resume, and failover behind Redis.
 */

const AGENT = 'agent-token-canvas-e2e';
type Hooks = { canvasTest: { connect(urls: string[], id: string, token: string): Promise<void>; transactions: string[][]; applied: number[]; actions: unknown[]; issues: Array<{ message: string }>; statuses: string[]; settle(): Promise<void> } };

let server: ServerProcess;
let dir: string;
let origin: string;

async function agent(path: string, body?: unknown, base = server.url): Promise<Record<string, unknown>> {
  const response = await fetch(`${base}${path}`, { method: body === undefined ? 'GET' : 'POST', headers: { authorization: `Bearer ${AGENT}` }, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) });
  return { status: response.status, ...((await response.json()) as Record<string, unknown>) };
}
const post = async (sessionId: string, ops: unknown, base = server.url) => {
  const result = await agent(`/api/canvas/${sessionId}/ops`, typeof ops === 'string' ? ops : { ops: Array.isArray(ops) ? ops : [ops] }, base);
  expect(result.status, JSON.stringify(result)).toBe(200);
  return result.seqs as number[];
};
const newCanvas = async (base = server.url) => (await agent('/api/sessions', { appId: 'canvas-e2e' }, base)) as unknown as { sessionId: string; wsToken: string };

async function open(page: Page, sessionId: string, wsToken: string, urls = [server.url]): Promise<void> {
  await page.goto('/e2e/fixtures/canvas/host.html');
  await page.waitForFunction(() => 'canvasTest' in window);
  await page.evaluate(([u, id, token]) => (window as unknown as Hooks).canvasTest.connect(u as string[], id as string, token as string), [urls, sessionId, wsToken] as const);
}
const hooks = <T>(page: Page, pick: (h: Hooks['canvasTest']) => T) => page.evaluate((source) => {
  const fn = new Function('h', `return (${source})(h)`) as (h: unknown) => unknown;
  return JSON.parse(JSON.stringify(fn((window as unknown as Hooks).canvasTest) ?? null)) as unknown;
}, pick.toString()) as Promise<T>;

test.beforeAll(async ({}, info) => {
  dir = mkdtempSync(join(tmpdir(), 'suip-canvas-e2e-'));
  origin = new URL(info.project.use.baseURL!).origin;
  server = await startServer(['--data-dir', dir, '--agent-token', AGENT, '--origins', origin]);
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

test('every built-in renders (ops in JSON and in TOON), with axe-core reporting zero violations', async ({ page }) => {
  const { sessionId, wsToken } = await newCanvas();
  const types = Object.keys(SAMPLES);
  for (const [i, type] of types.entries()) {
    const op = { op: 'upsert', id: `c-${type}`, type, data: SAMPLES[type] };
    // Every other type goes as TOON text, the seed's token-efficient encoding.
    await post(sessionId, i % 2 === 0 ? [op] : encode(op));
  }
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  for (const text of ['Welcome', 'Uptime', 'Debian 12', 'Grace', 'def add', 'typescript', 'FAQ', 'Overview', 'CPU (%)', 'Upload', 'Latency', 'Visits', 'Temperature', 'Browsers', 'Disk', 'Hotel', 'Trip planner', 'Storm warning', 'Operational', 'Ordered', 'Write tests', 'Streak', 'Approve', 'Filters', 'Dark mode', 'City', 'Volume', 'Contact', 'Subscribe', 'A blue box', 'Tour', 'Docs', 'Partly Cloudy']) {
    await expect(tree.getByText(text, { exact: false }).first()).toBeAttached({ timeout: 20_000 });
  }
  expect(await tree.getByText('Unknown component type').count()).toBe(0);
  expect(await hooks(page, (h) => h.issues)).toEqual([]);
  const result = await new AxeBuilder({ page }).include('#renderer').analyze();
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});

test('a patch of one field sends exactly one leaf op and keeps the card; a move keeps the element and its focus', async ({ page }) => {
  const { sessionId, wsToken } = await newCanvas();
  await post(sessionId, [
    { op: 'upsert', id: 'weather-paris', type: 'weather', data: { city: 'Paris', temp: 18, condition: 'Partly Cloudy' } },
    { op: 'upsert', id: 'note', type: 'card', data: { title: 'Note', text: 'hello' } },
    { op: 'upsert', id: 'city', type: 'input', data: { label: 'City', placeholder: 'Where to?' } },
  ]);
  await open(page, sessionId, wsToken);
  const tree = page.locator('suip-tree');
  await expect(tree.getByText('Partly Cloudy')).toBeVisible({ timeout: 20_000 });
  const card = await tree.locator('suip-card').first().elementHandle();
  await page.evaluate(() => ((window as unknown as Hooks).canvasTest.transactions.length = 0));
  await post(sessionId, { op: 'patch', id: 'weather-paris', data: { condition: 'Sunny' } });
  await expect(tree.getByText('Sunny')).toBeVisible({ timeout: 15_000 });
  expect(await hooks(page, (h) => h.transactions)).toEqual([['replace']]);
  expect(await card!.evaluate((node) => node.isConnected)).toBe(true);

  const field = tree.getByLabel('City');
  await field.click();
  await field.pressSequentially('Oslo');
  const before = await field.elementHandle();
  await page.evaluate(() => ((window as unknown as Hooks).canvasTest.transactions.length = 0));
  await post(sessionId, { op: 'move', id: 'city', layout: { order: 0 } });
  await expect.poll(() => hooks(page, (h) => h.transactions), { timeout: 15_000 }).toEqual([['remove', 'insert']]);
  // Same DOM node, still focused, typed value kept; and it is now first.
  expect(await before!.evaluate((node) => node.isConnected)).toBe(true);
  expect(await page.evaluate((node) => { let a: Element | null = document.activeElement; while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement; return a === node; }, before)).toBe(true);
  await expect(field).toHaveValue('Oslo');
  const order = await tree.locator('suip-text-field, suip-card').evaluateAll((nodes) => nodes.map((n) => n.localName));
  expect(order[0]).toBe('suip-text-field');
});
