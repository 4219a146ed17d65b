import type { Page } from '@playwright/test';
import { recordGeneratorStatus } from './generator-status.ts';
import { registerParticleEngine } from './particle-locator.ts';

/**
 * `suip/testing`: for host developers' Playwright tests of pages that show generated UI. Locate a
 * particle by its path through the renderer's shadow roots (`particle`), wait for a generator's
 * status (`waitForGeneratorStatus`), and replay a fixture recorded in the playground ("Export
 * fixture") instead of calling a model (`routeFixture`, `fixtureProgram`), so a test is
 * deterministic and needs no key. Runs in the Playwright test process; needs `@playwright/test`.
 */
export { particle, registerParticleEngine, PARTICLE_ENGINE } from './particle-locator.ts';
export { recordGeneratorStatus, waitForGeneratorStatus, generatorErrors } from './generator-status.ts';
export type { WaitForStatusOptions } from './generator-status.ts';
export { routeFixture } from './fixture-route.ts';
export type { RouteFixtureOptions } from './fixture-route.ts';
export { parseSuipFixture, fixtureTransactions, fixtureProgram, MAX_FIXTURE_BYTES } from './fixture.ts';
export type { SuipFixture, SuipFixtureMessage, FixtureProgramOptions } from './fixture.ts';
export type { GeneratorStatus, SuipErrorDetail, SuipStatusDetail } from '../renderer-types.ts';

/**
 * Everything at once, before `page.goto`: the `particle` engine and the status recorder.
 * `test.beforeEach(({ page }) => installSuipTesting(page))`.
 */
export async function installSuipTesting(page: Page): Promise<void> {
  await registerParticleEngine();
  await recordGeneratorStatus(page);
}
