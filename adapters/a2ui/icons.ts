/** A2UI basic-catalog icon names → suip's icon set; the rest render as their label text. */
export const ICON_NAMES: ReadonlyMap<string, string> = new Map([
  ['check', 'check'],
  ['close', 'close'],
  ['info', 'info'],
  ['help', 'info'],
  ['warning', 'warning'],
  ['error', 'error'],
  ['star', 'star'],
  ['starHalf', 'star'],
  ['favorite', 'heart'],
  ['home', 'home'],
  ['search', 'search'],
  ['settings', 'settings'],
  ['person', 'user'],
  ['accountCircle', 'user'],
  ['mail', 'mail'],
  ['calendarToday', 'calendar'],
  ['event', 'calendar'],
  ['add', 'plus'],
  ['arrowForward', 'arrow-up'],
  ['upload', 'arrow-up'],
  ['download', 'arrow-down'],
]);

/** `accountCircle` → `account circle`: the readable label of an icon name. */
export function iconLabel(name: string): string {
  return name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}
