/**
 * The @stall attacks of security-floods / security-loops in WebKitGTK (issue 44): Debian's
 * `webkit2gtk-driver` (WebKitWebDriver driving MiniBrowser) over classic WebDriver, since Playwright
 * drives only its own WebKit build, which cannot be downloaded here. `e2e/webkit-stalls.spec.ts` runs it
 * in `npm test`; `webkit-stall-probe.ts` prints it by hand.
 *
 * WebKitGTK has no site isolation: the sandbox's relay shares the host page's thread. Each attack is
 * judged as in Firefox, by the host thread's CPU within one gap of a 10 ms timer in the page, read from
 * /proc (firefox-thread-cpu.ts): the wall gap alone grows with the machine's load.
 */
import { execFileSync } from 'node:child_process';
import { startThreadCpu, type ThreadCpuSampler } from '../helpers/firefox-thread-cpu.ts';
import { generatorCode } from '../helpers/generator-code.ts';

/** Debian's MiniBrowser, the browser WebKitWebDriver starts. */
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The raw-port attacks of the Chromium and Firefox @stall specs. */
export const STALL_ATTACKS = [
  'flood-raw',
  'flood-rejections-tasks',
  'string-raw',
  'spin-port',
  'spin-control',
  'spin-report',
] as const;

/** Attacks that report errors as they go: judged until the sandbox ends them, as in security-floods / -loops. */
const UNTIL_TERMINATED = new Set(['flood-rejections-tasks', 'spin-report']);

/** A gap reading: the host's longest wall gap (ms) and its thread's most CPU within one gap (ms). */
export interface GapReading {
  gap: number;
  cpu: number;
}

/** One attack's run. */
export interface AttackResult extends GapReading {
  attack: string;
  /** The same page idle for a second just before. */
  idle: GapReading;
  /**
   * How the attacker ended (its `suip-status`: terminated, or for the others its first error too), undefined if it
   * never did within 30 s.
   */
  ended: { status?: string; reason?: string; message?: string } | undefined;
  /** Whether the healthy generator beside it still answers a click after the attack. */
  healthyAfter: boolean;
}

/** What a probe found. */
export interface WebKitStalls {
  version: string;
  /** A deliberate 300 ms busy loop in the host: proves the meter reads the host's thread. */
  control: GapReading;
  attacks: AttackResult[];
}

// Every gap over 15 ms between 10 ms ticks, as [start, end] in epoch ms, for the CPU sampler.
const METER = `window.__m = { last: performance.now(), max: 0, gaps: [] };
clearInterval(window.__mt); window.__mt = setInterval(() => { const t = performance.now(); const m = window.__m;
if (t - m.last > 15 && m.gaps.length < 2000) m.gaps.push([performance.timeOrigin + m.last, performance.timeOrigin + t]);
m.max = Math.max(m.max, t - m.last); m.last = t; }, 10);`;
const READ = `const m = window.__m, t = performance.now();
const gaps = [...m.gaps, [performance.timeOrigin + m.last, performance.timeOrigin + t]];
return { gap: Math.round(Math.max(m.max, t - m.last)), gaps };`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A classic WebDriver session on WebKitWebDriver at `driver`. */
async function openSession(driver: string) {
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${driver}${path}`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await response.json()) as { value: unknown };
    if (!response.ok) throw new Error(`${method} ${path}: ${JSON.stringify(json.value).slice(0, 500)}`);
    return json.value;
  };
  const session = (await call('POST', '/session', {
    capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] } } },
  })) as { sessionId: string; capabilities: { browserVersion: string } };
  const s = `/session/${session.sessionId}`;
  await call('POST', `${s}/timeouts`, { script: 120_000 });
  return {
    version: session.capabilities.browserVersion,
    open: (url: string) => call('POST', `${s}/url`, { url }),
    run: (script: string, args: unknown[] = []) => call('POST', `${s}/execute/async`, { script, args }),
    sync: (script: string, args: unknown[] = []) => call('POST', `${s}/execute/sync`, { script, args }),
    close: () => call('DELETE', s),
  };
}

/** The pid of the `WebKitWebDriver` listening on `driver`'s port (WebKitGTK's web process descends from it). */
export function webDriverPid(driver: string): number {
  const port = new URL(driver).port;
  const pid = Number(
    execFileSync('pgrep', ['-f', `WebKitWebDriver --port=${port}`], { encoding: 'utf8' }).split('\n')[0],
  );
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`no WebKitWebDriver listens on port ${port}`);
  return pid;
}

/** The most main-thread CPU (ms) of the web process within one of `gaps`, once a sample follows the last. */
async function gapCpu(cpu: ThreadCpuSampler, gaps: Array<[number, number]>): Promise<number> {
  const last = Math.max(0, ...gaps.map(([, end]) => end));
  for (let waited = 0; cpu.between(last, last) === Number.POSITIVE_INFINITY && waited < 2000; waited += 20)
    await sleep(20);
  return Math.round(Math.max(0, ...gaps.map(([from, to]) => cpu.between(from, to))));
}

/**
 * Runs the control, then each attack on a fresh security host page (`base` serves this tree) beside a
 * healthy generator, over the WebKitWebDriver at `driver` (process `driverPid`).
 */
export async function probeWebKitStalls(
  base: string,
  driver: string,
  driverPid: number,
  attacks: readonly string[] = STALL_ATTACKS,
): Promise<WebKitStalls> {
  const cpu = await startThreadCpu(driverPid, 'WebKitWebProces');
  const page = await openSession(driver);
  const read = async (): Promise<GapReading> => {
    const { gap, gaps } = (await page.sync(READ)) as { gap: number; gaps: Array<[number, number]> };
    return { gap, cpu: await gapCpu(cpu, gaps) };
  };
  try {
    await page.open(`${base}/e2e/fixtures/security/host.html`);
    await page.sync(METER);
    await sleep(200);
    await page.sync(`setTimeout(() => { const end = performance.now() + 300; while (performance.now() < end); }, 0);`);
    await sleep(600);
    const control = await read();
    const results: AttackResult[] = [];
    for (const attack of attacks) results.push(await runAttack(page, read, base, attack));
    return { version: page.version, control, attacks: results };
  } finally {
    await page.close();
  }
}

type Page = Awaited<ReturnType<typeof openSession>>;

/**
 * Clicks "inc b" (the healthy generator's group; the view's shadow roots are walked, which classic
 * WebDriver cannot pierce) and answers whether "b count 1" shows within 15 s.
 */
const HEALTHY_CLICK = `const done = arguments[arguments.length - 1];
const find = (text) => { const stack = [document]; while (stack.length) { const node = stack.pop();
  if (node.nodeType === 3 && node.data.trim() === text) return node.parentElement;
  if (node.shadowRoot) stack.push(node.shadowRoot); stack.push(...node.childNodes); } };
const target = find('inc b'); if (!target) { done(false); } else { target.click();
  const until = performance.now() + 15000;
  const poll = () => find('b count 1') ? done(true) : performance.now() > until ? done(false) : setTimeout(poll, 50);
  poll(); }`;

/** One attack: mount, a healthy generator, a second of idle, the attacker until it ends, a click on the healthy one. */
async function runAttack(page: Page, read: () => Promise<GapReading>, base: string, attack: string) {
  await page.open(`${base}/e2e/fixtures/security/host.html`);
  await page.run(`const done = arguments[arguments.length - 1];
    const wait = () => window.suipTest?.ready ? Promise.resolve(window.suipTest.mount({})).then(() => done(true))
      : setTimeout(wait, 50); wait();`);
  await page.run(
    `const done = arguments[arguments.length - 1]; window.suipTest.attach('b', arguments[0]).then(done);`,
    [generatorCode('healthy', { ID: 'b' })],
  );
  await page.sync(METER);
  await sleep(1000);
  const idle = await read();
  await page.run(
    `const done = arguments[arguments.length - 1]; window.suipTest.attach('a', arguments[0]).then(done);`,
    [generatorCode('bomb', { ATTACK: attack })],
  );
  await page.sync(METER);
  let ended: AttackResult['ended'];
  for (let i = 0; i < 300 && ended === undefined; i += 1) {
    await sleep(100);
    const orError = !UNTIL_TERMINATED.has(attack);
    ended = ((await page.sync(`return window.suipTest.summary('a', ${orError});`)) as { ended?: AttackResult['ended'] })
      .ended;
  }
  await sleep(300);
  const during = await read();
  const healthyAfter = (await page.run(HEALTHY_CLICK)) as boolean;
  return { attack, ...during, idle, ended, healthyAfter };
}
