import { expect, type Page } from '@playwright/test';
import type { GroupParticle, Particle } from '../shared/index.ts';
import type { ViewEvent } from '../renderer/view/index.ts';

/** Open the view fixture (a `<suip-tree>` with a fake ViewContext) and wait until it is ready. */
export async function openView(page: Page): Promise<void> {
  await page.goto('/e2e/fixtures/vocabulary/view.html');
  // Vite may reload the page once after optimising dependencies on a cold cache: let that pass.
  await page.waitForLoadState('networkidle');
  await expect(page.locator('body[data-ready="true"]')).toHaveCount(1, { timeout: 30_000 });
}

/** Mount one generator root under id "gen" and wait until it rendered. */
export async function mount(page: Page, root: Particle): Promise<void> {
  await page.evaluate(
    (r) => (window as unknown as { fixture: { mount(p: unknown): Promise<void> } }).fixture.mount(r),
    root,
  );
}

/** Replace the merged root. */
export async function setRoot(page: Page, root: GroupParticle): Promise<void> {
  await page.evaluate(
    (r) => (window as unknown as { fixture: { setRoot(p: unknown): Promise<void> } }).fixture.setRoot(r),
    root,
  );
}

/** Events emitted so far. */
export async function events(page: Page): Promise<ViewEvent[]> {
  return page.evaluate(() => (window as unknown as { fixture: { events: ViewEvent[] } }).fixture.events);
}

/** Tag names of every element in the document, walking into every open shadow root. */
export async function deepTags(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const walk = (root: Document | ShadowRoot) => {
      for (const el of root.querySelectorAll('*')) {
        out.push(el.localName);
        if (el.shadowRoot) walk(el.shadowRoot);
      }
    };
    walk(document);
    return out;
  });
}
