import { defineType, ex, textRole } from '../define.ts';

/** Icon names the renderer draws (from a fixed set; no fonts or images are loaded). */
export const ICON_NAMES = [
  'check', 'close', 'info', 'warning', 'error', 'success', 'star', 'heart', 'home', 'search', 'settings', 'user', 'users', 'mail',
  'calendar', 'clock', 'sun', 'cloud', 'rain', 'arrow-up', 'arrow-down', 'arrow-right', 'arrow-left', 'chevron-right', 'chevron-left',
  'chevron-down', 'plus', 'minus', 'trending-up', 'trending-down', 'send', 'edit', 'trash', 'download', 'upload', 'bell', 'lock', 'phone',
  'map-pin', 'chart', 'bolt', 'message', 'image', 'file', 'folder', 'link', 'refresh', 'more', 'cart', 'globe', 'inbox', 'play', 'pause',
  'eye', 'sparkles',
] as const;

/** `icon`: a named symbol from a fixed set. */
export const icon = defineType({
  type: 'icon',
  category: 'display',
  description: `A small outline symbol (takes the colour and size of the text around it) from a fixed set: ${ICON_NAMES.join(', ')}. Give it a label unless it is decorative.`,
  roles: [textRole('name', 'The icon name, plain text.', { required: true }), textRole('label', 'What it means, for screen readers; omit when decorative.')],
  events: [],
  example: ex.group('icon', [['name', ex.plain('sun')], ['label', ex.plain('Sunny')]]),
});
