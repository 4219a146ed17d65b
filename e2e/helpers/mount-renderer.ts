import type { Page } from '@playwright/test';
import type {
  AttachOutcome,
  GeneratorSummary,
  HostEvent,
  MountOptions,
  TrafficCount,
} from '../fixtures/security/host-api.ts';

/** The security host page at `/e2e/fixtures/security/host.html`, driven from a spec. */
export interface MountedRenderer {
  page: Page;
  /** Attach a generator; resolves once `renderer.attach` settled. */
  attach(id: string, code: string): Promise<AttachOutcome>;
  /** The handle's current status ('none' when attach never returned a handle). */
  status(id: string): Promise<string>;
  detach(id: string): Promise<void>;
  /** `renderer.snapshot()` (the merged tree as JSON). */
  snapshot(): Promise<unknown>;
  /** Every `suip-status` / `suip-error` event seen so far. */
  events(): Promise<HostEvent[]>;
  /** A cheap digest of one generator's events (safe to poll during an attack). */
  summary(id: string, orError?: boolean): Promise<GeneratorSummary>;
  /** The text of a text particle at `path` in the snapshot, read in the page (no snapshot copy). */
  textAt(path: readonly string[]): Promise<string | undefined>;
  /** Port traffic per generator, from the renderer's devtools tap. */
  traffic(): Promise<Record<string, TrafficCount>>;
  /** Wait until an event matching `match` has been seen (polls the page; the page is never blocked by it). */
  waitForEvent(match: Partial<HostEvent>, timeout?: number): Promise<HostEvent>;
}

const HOST_URL = '/e2e/fixtures/security/host.html';

/** The host page's window, as seen inside `page.evaluate`. */

/**
 * Open the security host page and mount a renderer on it through the public API
 * (`createRenderer(container, options)`, or `<suip-renderer>` with `element: true`).
 */
export async function mountRenderer(page: Page, options: MountOptions = {}): Promise<MountedRenderer> {
  await page.goto(HOST_URL);
  await page.waitForFunction(() => window.suipTest?.ready === true);
  await page.evaluate((value) => window.suipTest.mount(value), options);
  const events = (): Promise<HostEvent[]> =>
    page.evaluate(() => JSON.parse(JSON.stringify(window.suipTest.events)) as HostEvent[]);
  return {
    page,
    attach: (id, code) => page.evaluate(([i, c]) => window.suipTest.attach(i, c), [id, code] as const),
    status: (id) => page.evaluate((i) => window.suipTest.status(i), id),
    detach: (id) => page.evaluate((i) => window.suipTest.detach(i), id),
    snapshot: () => page.evaluate(() => JSON.parse(JSON.stringify(window.suipTest.snapshot() ?? null)) as unknown),
    events,
    summary: (id, orError = false) => page.evaluate(([i, e]) => window.suipTest.summary(i, e), [id, orError] as const),
    textAt: (path) =>
      page.evaluate((ids) => {
        let node = window.suipTest.snapshot() as { group?: [string, unknown][]; text?: string } | undefined;
        for (const id of ids) node = node?.group?.find((entry) => entry[0] === id)?.[1] as typeof node;
        return typeof node?.text === 'string' ? node.text : undefined;
      }, path),
    traffic: () =>
      page.evaluate(() => JSON.parse(JSON.stringify(window.suipTest.traffic)) as Record<string, TrafficCount>),
    async waitForEvent(match, timeout = 10_000) {
      const deadline = Date.now() + timeout;
      for (;;) {
        const found = (await events()).find((event) =>
          Object.entries(match).every(([key, value]) => event[key as keyof HostEvent] === value),
        );
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no event matching ${JSON.stringify(match)}; saw ${JSON.stringify(await events())}`);
        await page.waitForTimeout(25);
      }
    },
  };
}
