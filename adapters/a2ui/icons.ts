/**
 * A2UI icon names → suip's icon set: every name of the v0.9 basic catalog that has a fitting
 * symbol in suip's set, plus the Material names agents write in data (`priority_high`,
 * `arrow_upward`: read as camelCase). A name with no fitting symbol renders as its label text.
 */
export const ICON_NAMES: ReadonlyMap<string, string> = new Map([
  ['accountCircle', 'user'],
  ['add', 'plus'],
  ['arrowBack', 'arrow-left'],
  ['arrowForward', 'arrow-right'],
  ['attachFile', 'file'],
  ['calendarToday', 'calendar'],
  ['call', 'phone'],
  ['camera', 'image'],
  ['check', 'check'],
  ['close', 'close'],
  ['delete', 'trash'],
  ['download', 'download'],
  ['edit', 'edit'],
  ['event', 'calendar'],
  ['error', 'error'],
  ['fastForward', 'chevron-right'],
  ['favorite', 'heart'],
  ['favoriteOff', 'heart'],
  ['folder', 'folder'],
  ['help', 'info'],
  ['home', 'home'],
  ['info', 'info'],
  ['locationOn', 'map-pin'],
  ['lock', 'lock'],
  ['lockOpen', 'lock'],
  ['mail', 'mail'],
  ['menu', 'more'],
  ['moreVert', 'more'],
  ['moreHoriz', 'more'],
  ['notifications', 'bell'],
  ['notificationsOff', 'bell'],
  ['pause', 'pause'],
  ['payment', 'cart'],
  ['person', 'user'],
  ['phone', 'phone'],
  ['photo', 'image'],
  ['play', 'play'],
  ['print', 'file'],
  ['refresh', 'refresh'],
  ['rewind', 'chevron-left'],
  ['search', 'search'],
  ['send', 'send'],
  ['settings', 'settings'],
  ['share', 'link'],
  ['shoppingCart', 'cart'],
  ['skipNext', 'chevron-right'],
  ['skipPrevious', 'chevron-left'],
  ['star', 'star'],
  ['starHalf', 'star'],
  ['starOff', 'star'],
  ['upload', 'upload'],
  ['visibility', 'eye'],
  ['visibilityOff', 'eye'],
  ['warning', 'warning'],
  // Material names outside the basic catalog that agents (and A2UI's own examples) use.
  ['priorityHigh', 'warning'],
  ['arrowUpward', 'arrow-up'],
  ['arrowDownward', 'arrow-down'],
  ['trendingUp', 'trending-up'],
  ['trendingDown', 'trending-down'],
  ['chevronRight', 'chevron-right'],
  ['chevronLeft', 'chevron-left'],
]);

/** `priority_high` → `priorityHigh`: Material's snake_case names read as the catalog's camelCase. */
export function iconKey(name: string): string {
  return name.replace(/_([a-z0-9])/g, (_, letter: string) => letter.toUpperCase());
}

/** The suip icon for an A2UI icon name (catalog camelCase or Material snake_case), if one fits. */
export function suipIcon(name: string): string | undefined {
  return ICON_NAMES.get(iconKey(name));
}

/** `accountCircle` (or `account_circle`) → `account circle`: the readable label of an icon name. */
export function iconLabel(name: string): string {
  return iconKey(name)
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
}
