import type { Page } from '@playwright/test';
import { fixtureProgram, parseSuipFixture, type FixtureProgramOptions, type SuipFixture } from './fixture.ts';

/** Options of `routeFixture`. */
export interface RouteFixtureOptions extends FixtureProgramOptions {
  /**
   * How your endpoint answers, given the replay program: by default the program as the body
   * (`text/javascript`), which is what an endpoint that returns the model's program sends. Return
   * e.g. `{ body: JSON.stringify({ code: program }), contentType: 'application/json' }` for another shape.
   */
  respond?(program: string): { body: string; contentType?: string; status?: number };
}

/**
 * Answer the app's model endpoint (`url`, any Playwright route pattern) with a replay of a
 * recorded fixture instead of calling a model: the page's own code fetches its program as usual
 * and gets the recorded UI, the same on every run and with no key. Returns how many requests it
 * answered so far (a test can assert the page asked).
 */
export async function routeFixture(
  page: Page,
  url: string | RegExp | ((url: URL) => boolean),
  fixture: SuipFixture | string,
  options: RouteFixtureOptions = {},
): Promise<{ readonly calls: number }> {
  const program = fixtureProgram(typeof fixture === 'string' ? parseSuipFixture(fixture) : fixture, options);
  const answer = options.respond?.(program) ?? { body: program, contentType: 'text/javascript; charset=utf-8' };
  const counter = { calls: 0 };
  await page.route(url, async (route) => {
    counter.calls += 1;
    await route.fulfill({
      status: answer.status ?? 200,
      contentType: answer.contentType ?? 'text/plain; charset=utf-8',
      body: answer.body,
    });
  });
  return counter;
}
