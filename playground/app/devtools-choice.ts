/** Where this browser remembers whether the devtools' panels were open. */
const DEVTOOLS_KEY = 'suip.playground.devtools';

/** The devtools start collapsed (the stage is the point of the page) unless this browser opened them last. */
export function readDevtoolsOpen(): boolean {
  try {
    return globalThis.localStorage?.getItem(DEVTOOLS_KEY) === 'open';
  } catch {
    return false;
  }
}

/** Remembers the devtools' open state for the next visit. */
export function writeDevtoolsOpen(open: boolean): void {
  try {
    localStorage.setItem(DEVTOOLS_KEY, open ? 'open' : 'closed');
  } catch {
    // Storage may be disabled: the choice then lasts for this page.
  }
}
