import type { SlotId } from './playground-host.ts';

/**
 * A playground mode: which generator slots it shows and how. `single` (the default) gives one
 * program the whole stage; `split` runs two side by side to show ownership of the merged tree.
 * Other modes (e.g. a GenUI server mode under `playground/genui/`) add themselves with
 * `registerMode` before the app starts; the header's mode switch lists whatever is registered.
 */
export interface PlaygroundMode {
  /** Stable id, used in the share URL (`#mode=split`). */
  id: string;
  /** Short label for the mode switch. */
  label: string;
  /** One line for the switch's tooltip. */
  description: string;
  /** The slots this mode runs, in stage order; the first is the one the editor opens on. */
  slots: readonly SlotId[];
}

const MODES: PlaygroundMode[] = [
  { id: 'single', label: 'Single', description: 'One program at full width', slots: ['left'] },
  {
    id: 'split',
    label: 'Side by side',
    description: 'Two programs in one renderer, each owning its subtree',
    slots: ['left', 'right'],
  },
];

/** Adds a mode to the switch (replacing one with the same id). Call before the app starts. */
export function registerMode(mode: PlaygroundMode): void {
  const at = MODES.findIndex((m) => m.id === mode.id);
  if (at >= 0) MODES[at] = mode;
  else MODES.push(mode);
}

/** Every registered mode, in switch order. */
export function playgroundModes(): readonly PlaygroundMode[] {
  return MODES;
}

/** The mode with this id, or the default (`single`). */
export function findMode(id: string | null | undefined): PlaygroundMode {
  return MODES.find((m) => m.id === id) ?? MODES[0]!;
}
