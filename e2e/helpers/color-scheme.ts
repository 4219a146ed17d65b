import type { Page } from '@playwright/test';

/**
 * Switches the page's colour scheme and waits until the colour transitions the switch started have
 * ended. The theme's controls ease their colours (0.12 s), so axe or a computed style read right
 * after the switch could see a colour halfway: a fresh-clone CI failed the contrast check of the
 * quiz's primary button once, in light right after dark (passed on retry). `document.getAnimations()`
 * does not reach into shadow roots, where the vocabulary's styles live, so every root is asked.
 */
export async function emulateColorScheme(page: Page, colorScheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme });
  await page.evaluate(async () => {
    const roots: Array<Document | ShadowRoot> = [document];
    for (let i = 0; i < roots.length; i += 1)
      for (const element of roots[i]!.querySelectorAll('*')) if (element.shadowRoot) roots.push(element.shadowRoot);
    // getAnimations() flushes style first, so the transitions the new scheme starts are among them.
    const transitions = roots
      .flatMap((root) => root.getAnimations())
      .filter((animation) => animation instanceof CSSTransition);
    await Promise.all(transitions.map((animation) => animation.finished.catch(() => undefined)));
  });
}
