import type { Page } from '@playwright/test';

/** The boxes of a program's area and the display of the hosts that may make none. */
export interface TreeBoxes {
  /** `tag x,y,width,height` of every element under the tree (through shadow roots), in document order, except the skipped tags. */
  rects: string[];
  /** The computed display of every `displaysOf` host, by its path. */
  displays: Record<string, string>;
}

/**
 * Measures every box under `<suip-tree>` for the box-less host specs (text-leaf-box,
 * group-item-box): the hosts that may be box-less are left out of `rects` (a `display: contents`
 * element has no rectangle to compare) and reported by display instead.
 */
export async function treeBoxes(page: Page, displaysOf: string, skip: readonly string[]): Promise<TreeBoxes> {
  return page.evaluate(
    ([tag, skipped]) => {
      const rects: string[] = [];
      const displays: Record<string, string> = {};
      const visit = (scope: ParentNode): void => {
        for (const el of scope.querySelectorAll('*')) {
          const r = el.getBoundingClientRect();
          if (el.localName === tag)
            displays[(el as unknown as { path: string[] }).path.join('/')] = getComputedStyle(el).display;
          if (!skipped.includes(el.localName)) rects.push(`${el.localName} ${r.x},${r.y},${r.width},${r.height}`);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document.querySelector('suip-tree')!.shadowRoot!);
      return { rects, displays };
    },
    [displaysOf, skip] as const,
  );
}

/** Sets `display` on every `tag` host under the tree whose inline display is `from` (every one when undefined): the layout before a box-less change. */
export async function forceHostDisplay(page: Page, tag: string, display: string, from?: string): Promise<void> {
  await page.evaluate(
    ([name, value, only]) => {
      const visit = (scope: ParentNode): void => {
        for (const el of scope.querySelectorAll('*')) {
          if (el.localName === name && (only === undefined || (el as HTMLElement).style.display === only))
            (el as HTMLElement).style.setProperty('display', value);
          if (el.shadowRoot) visit(el.shadowRoot);
        }
      };
      visit(document.querySelector('suip-tree')!.shadowRoot!);
    },
    [tag, display, from] as const,
  );
}
