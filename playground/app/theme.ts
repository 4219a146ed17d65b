import type { HostContext } from '../../shared/index.ts';

const KEY = 'suip.playground.theme';

/** The theme switch's choices: follow the system, or force one scheme. */
export type ThemeChoice = 'auto' | 'light' | 'dark';

/** The choice remembered for this browser (`localStorage`), `auto` when none or unreadable. */
export function loadThemeChoice(storage: Storage | undefined = globalThis.localStorage): ThemeChoice {
  try {
    const value = storage?.getItem(KEY);
    return value === 'light' || value === 'dark' ? value : 'auto';
  } catch {
    return 'auto';
  }
}

/** The scheme a choice shows, given the system's preference. */
export function resolveTheme(choice: ThemeChoice, prefersDark: boolean): 'light' | 'dark' {
  return choice === 'auto' ? (prefersDark ? 'dark' : 'light') : choice;
}

/** The page's theme: what the switch chose, and a way to change it. */
export interface ThemeController {
  readonly choice: ThemeChoice;
  readonly resolved: 'light' | 'dark';
  set(choice: ThemeChoice): void;
}

/**
 * Applies the theme to the whole page at once: the playground's tokens (`data-theme` on `<html>`),
 * the renderer's `<suip-tree theme>` (its `--suip-*` defaults follow it), and the `hostContext`
 * the renderer announces to programs attached from then on (the same object, so a program asked
 * after a switch is told the scheme it is shown in). `auto` follows the system as it changes.
 */
export function createThemeController(
  stage: HTMLElement,
  hostContext: HostContext,
  storage: Storage | undefined = globalThis.localStorage,
): ThemeController {
  const media = matchMedia('(prefers-color-scheme: dark)');
  let choice = loadThemeChoice(storage);
  const apply = (): void => {
    const resolved = resolveTheme(choice, media.matches);
    document.documentElement.dataset.theme = resolved;
    hostContext.theme = resolved;
    const tree = stage.querySelector('suip-tree');
    if (tree) tree.setAttribute('theme', resolved);
  };
  media.addEventListener('change', () => {
    if (choice === 'auto') apply();
  });
  apply();
  return {
    get choice() {
      return choice;
    },
    get resolved() {
      return resolveTheme(choice, media.matches);
    },
    set(next) {
      choice = next;
      try {
        storage?.setItem(KEY, next);
      } catch {
        // Storage may be disabled: the choice then lasts for this page.
      }
      apply();
    },
  };
}
