import { expect, test } from '@playwright/test';
import { mountRenderer } from './helpers/mount-renderer.ts';

/**
 * A measurement, not a check (skipped unless SUIP_PROFILE_LIST_EDITS=1; docs/benchmarks.md, "Item 1:
 * the handler's JavaScript"): a real program in the real sandbox makes 150 structural edits of a
 * 1,000-item list (inserts, removals, moves from a seeded generator, one per 30 ms), four rounds;
 * per round the host's CPU profile (100 µs sampling) gives the main thread's JavaScript, the time
 * inside keyed-children passes and inside Lit updates, and CDP's TaskDuration. Run it in two
 * checkouts alternately to compare them:
 *
 *   SUIP_PROFILE_LIST_EDITS=1 SUIP_E2E_PORT=5182 npx playwright test e2e/list-edits-profile.spec.ts --project=chromium
 */
const PROGRAM = `
const { group, text, render } = suip;
let a = 7;
const random = () => { a = (a + 0x6d2b79f5) | 0; let t = Math.imul(a ^ (a >>> 15), 1 | a); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
const items = []; let fresh = 0;
for (; fresh < 1000; fresh += 1) items.push({ id: 'i' + fresh, particle: group(null, [['t', text('item ' + fresh)]]) });
let round = 0;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const view = () => group(null, [['list', group(null, items.map((it) => [it.id, it.particle]))], ['go', group('button', [['label', text('go', 'text/plain')]], { on: { click: { handler: () => void run() } } })], ['status', text('round ' + round)]]);
async function run() {
  for (let i = 0; i < 150; i += 1) {
    const roll = random(); const at = Math.floor(random() * items.length);
    if (roll < 0.4) items.splice(at, 0, { id: 'n' + fresh, particle: group(null, [['t', text('new ' + fresh++)]]) });
    else if (roll < 0.7) items.splice(at, 1);
    else { const [m] = items.splice(at, 1); items.splice(Math.floor(random() * (items.length + 1)), 0, m); }
    render(view());
    await sleep(30);
  }
  round += 1; render(view());
}
render(view());
`;

test('150 structural edits of a 1,000-item list: JavaScript, keyed passes and Lit updates per round', async ({
  page,
}) => {
  test.skip(process.env.SUIP_PROFILE_LIST_EDITS !== '1', 'a measurement: set SUIP_PROFILE_LIST_EDITS=1');
  test.setTimeout(300_000);
  const mounted = await mountRenderer(page);
  expect((await mounted.attach('ab', PROGRAM)).ok).toBe(true);
  const go = page.locator('suip-tree').getByRole('button', { name: /^go/ });
  await expect(go).toHaveText('go', { timeout: 60_000 });
  await page.waitForTimeout(1000);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const metric = async (): Promise<Record<string, number>> =>
    Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
  const rows: Array<Record<string, string>> = [];
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  for (let r = 1; r <= 4; r += 1) {
    await cdp.send('Profiler.start');
    const before = await metric();
    await go.dispatchEvent('click');
    // No polling while measured (a poll's page.evaluate is JavaScript on the same thread): the
    // edits take ~5 s; the round is checked after.
    await page.waitForTimeout(9000);
    const after = await metric();
    const { profile } = await cdp.send('Profiler.stop');
    expect(JSON.stringify(await mounted.snapshot()).includes(`round ${r}`)).toBe(true);
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    const label = (n: (typeof profile.nodes)[number]): string =>
      `${n.callFrame.functionName} ${n.callFrame.url.split('/').pop()!.split('?')[0]}:${n.callFrame.lineNumber + 1}`;
    const sums = { js: 0, gc: 0, program: 0, keyed: 0, litUpdate: 0 };
    const selfBy = new Map<string, number>();
    const samples = profile.samples ?? [];
    const deltas = profile.timeDeltas ?? [];
    samples.forEach((id, i) => {
      const ms = (deltas[i + 1] ?? 0) / 1000;
      const node = byId.get(id)!;
      const name = node.callFrame.functionName;
      selfBy.set(label(node), (selfBy.get(label(node)) ?? 0) + ms);
      if (name === '(idle)' || name === '(root)') return;
      if (name === '(program)') sums.program += ms;
      else if (name === '(garbage collector)') sums.gc += ms;
      else {
        sums.js += ms;
        const seen = new Set<string>();
        for (let at: typeof node | undefined = node; at !== undefined; at = byId.get(parent.get(at.id) ?? -1)) {
          const l = label(at);
          if (seen.has(l)) continue;
          seen.add(l);
          if (l.startsWith('update keyed-entries')) sums.keyed += ms;
          if (l.startsWith('performUpdate ')) sums.litUpdate += ms;
        }
      }
    });
    if (r === 4)
      console.log(
        'top self time in round 4 (ms):',
        JSON.stringify(
          [...selfBy]
            .sort((x, y) => y[1] - x[1])
            .slice(0, 25)
            .map(([k, v]) => `${k} ${v.toFixed(0)}`),
        ),
      );
    rows.push({
      ...Object.fromEntries(Object.entries(sums).map(([k, v]) => [k, v.toFixed(0)])),
      task: ((after.TaskDuration! - before.TaskDuration!) * 1000).toFixed(0),
      script: ((after.ScriptDuration! - before.ScriptDuration!) * 1000).toFixed(0),
    });
  }
  console.log('rounds (ms):', JSON.stringify(rows));
});
