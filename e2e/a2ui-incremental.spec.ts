import fc from 'fast-check';
import { expect, test } from '@playwright/test';
import { BASIC_CATALOG_ID } from '../shared/neighbours/a2ui/messages.ts';
import { componentsArb, modelArb, updateArb } from '../adapters/a2ui/testing/arbitraries.ts';

type Twins = {
  a2uiTwins: {
    reset(): Promise<void>;
    step(m: unknown, all: unknown[]): Promise<void>;
    read(): { kept: { tree: string; dom: string }; whole: { tree: string; dom: string } };
  };
};

/** Where two serialized DOMs first differ, with some context from each. */
function firstDifference(kept: string, whole: string): string {
  let i = 0;
  while (i < kept.length && kept[i] === whole[i]) i += 1;
  return `kept …${kept.slice(Math.max(0, i - 120), i + 80)}… / whole …${whole.slice(Math.max(0, i - 120), i + 80)}…`;
}

/**
 * The bridge's in-place updates (a data-model change re-translates only the instances bound to it)
 * against whole translations, in real Chromium through the real renderer: after every update of a
 * random surface, the kept twin's bridge tree and DOM equal those of a twin built from every
 * message at once.
 */
test.describe('A2UI data-model updates in place equal whole translations', () => {
  test.setTimeout(240_000);

  test('random surfaces and random updates: the same tree and the same DOM', async ({ page }) => {
    await page.goto('/e2e/fixtures/a2ui/twin.html');
    await page.waitForFunction(() => 'a2uiTwins' in window, undefined, { timeout: 30_000 });
    // A fixed seed: the same 40 cases every run (the vitest property explores new ones each run).
    const cases = fc.sample(fc.tuple(componentsArb, modelArb, fc.array(updateArb, { minLength: 2, maxLength: 6 })), {
      numRuns: 40,
      seed: 31,
    });
    let compared = 0;
    for (const [n, [components, data, updates]] of cases.entries()) {
      const surfaceId = `s${n}`;
      const all: unknown[] = [];
      await page.evaluate(() => (window as unknown as Twins).a2uiTwins.reset());
      const send = async (message: unknown) => {
        all.push(message);
        await page.evaluate(([m, a]) => (window as unknown as Twins).a2uiTwins.step(m, a as unknown[]), [
          message,
          all,
        ] as const);
      };
      await send({ version: 'v0.9', createSurface: { surfaceId, catalogId: BASIC_CATALOG_ID } });
      await send({ version: 'v0.9', updateComponents: { surfaceId, components } });
      await send({ version: 'v0.9', updateDataModel: { surfaceId, value: data } });
      for (const update of updates) {
        await send({
          version: 'v0.9',
          updateDataModel: {
            surfaceId,
            path: update.path,
            ...(update.value === undefined ? {} : { value: update.value }),
          },
        });
        const read = () => page.evaluate(() => (window as unknown as Twins).a2uiTwins.read());
        const first = await read();
        expect(first.kept.tree, `case ${n}, after ${update.path}`).toBe(first.whole.tree);
        // Both views build a slice per frame; poll until they agree (or show the difference).
        await expect
          .poll(
            async () => {
              const r = await read();
              return r.kept.dom === r.whole.dom ? 'same' : firstDifference(r.kept.dom, r.whole.dom);
            },
            { timeout: 10_000, message: `case ${n}, DOM after ${update.path}` },
          )
          .toBe('same');
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(80);
  });
});
