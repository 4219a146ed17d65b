import type { Page } from '@playwright/test';
import type { GeneratorStatus, SuipErrorDetail, SuipStatusDetail } from '../renderer-types.ts';

/** What the recorder keeps in the page (`window.__suipTesting`). */
interface Recorded {
  statuses: Record<string, SuipStatusDetail>;
  errors: SuipErrorDetail[];
}

/**
 * Runs in the page before its scripts: records the newest `suip-status` of every generator and
 * the `suip-error`s (the first 200) as they pass the window, in the capture phase so a host that
 * stops them still has them recorded. Self-contained: Playwright sends its source to the page.
 */
function recorder() {
  const scope = window as unknown as { __suipTesting?: Recorded };
  if (scope.__suipTesting !== undefined) return;
  const recorded: Recorded = { statuses: {}, errors: [] };
  scope.__suipTesting = recorded;
  window.addEventListener(
    'suip-status',
    (event) => {
      const detail = (event as CustomEvent<SuipStatusDetail>).detail;
      if (typeof detail?.generatorId === 'string') recorded.statuses[detail.generatorId] = { ...detail };
    },
    true,
  );
  window.addEventListener(
    'suip-error',
    (event) => {
      const detail = (event as CustomEvent<SuipErrorDetail>).detail;
      if (recorded.errors.length < 200) recorded.errors.push(JSON.parse(JSON.stringify(detail)) as SuipErrorDetail);
    },
    true,
  );
}

/**
 * Record generators' statuses and errors in `page` from its next navigation on (and in the
 * document it shows now). Call it before `page.goto`, so a status reached during the load is seen.
 */
export async function recordGeneratorStatus(page: Page): Promise<void> {
  await page.addInitScript(recorder);
  await page.evaluate(recorder).catch(() => undefined);
}

/** Options of `waitForGeneratorStatus`. */
export interface WaitForStatusOptions {
  /** Milliseconds to wait (default 30,000). */
  timeout?: number;
}

/**
 * Wait until generator `generatorId` reaches `status` (or one of several) and return its status
 * detail. If it reaches `error` or `terminated` instead, it rejects at once with the reason and
 * message the renderer gave, so a test says why the UI never came.
 */
export async function waitForGeneratorStatus(
  page: Page,
  generatorId: string,
  status: GeneratorStatus | readonly GeneratorStatus[],
  options: WaitForStatusOptions = {},
): Promise<SuipStatusDetail> {
  const wanted = typeof status === 'string' ? [status] : [...status];
  const handle = await page.waitForFunction(
    ([id, want]) => {
      const recorded = (window as unknown as { __suipTesting?: Recorded }).__suipTesting;
      if (recorded === undefined) return { missing: true };
      const detail = recorded.statuses[id];
      if (detail === undefined) return false;
      if (want.includes(detail.status)) return { detail };
      return detail.status === 'error' || detail.status === 'terminated' ? { detail, failed: true } : false;
    },
    [generatorId, wanted] as const,
    { timeout: options.timeout ?? 30_000 },
  );
  const outcome = (await handle.jsonValue()) as { missing?: true; failed?: true; detail?: SuipStatusDetail };
  if (outcome.missing)
    throw new Error(
      'no status is recorded in this page: call installSuipTesting(page) (or recordGeneratorStatus) before page.goto',
    );
  const detail = outcome.detail!;
  if (outcome.failed)
    throw new Error(
      `generator ${JSON.stringify(generatorId)} is ${detail.status} ` +
        `(${detail.reason ?? 'no reason'}): ${detail.message ?? 'no message'}; ` +
        `expected ${wanted.join(' or ')}`,
    );
  return detail;
}

/** The `suip-error`s recorded in `page` so far (the first 200), oldest first. */
export async function generatorErrors(page: Page): Promise<SuipErrorDetail[]> {
  return page.evaluate(() => (window as unknown as { __suipTesting?: Recorded }).__suipTesting?.errors ?? []);
}
