import type { ModelParticle } from '../../generator/kit.ts';
import { iconLabel, suipIcon } from './icons.ts';
import { mapInput } from './inputs.ts';
import { typed, type MapContext, type Mapped } from './map-context.ts';
import { mediaMimeOfUrl } from '../../core/policy/mime.ts';
import { plainText } from '../kit/text.ts';

const HEADING: ReadonlyMap<string, number> = new Map([
  ['h1', 1],
  ['h2', 2],
  ['h3', 3],
  ['h4', 4],
  ['h5', 5],
]);

/** The 18 basic-catalog components by name; anything else renders as a visible note. */
export const BASIC_COMPONENTS: readonly string[] = [
  'Text',
  'Image',
  'Icon',
  'Video',
  'AudioPlayer',
  'Row',
  'Column',
  'List',
  'Card',
  'Tabs',
  'Modal',
  'Divider',
  'Button',
  'CheckBox',
  'TextField',
  'DateTimeInput',
  'ChoicePicker',
  'Slider',
];

function single(ctx: MapContext, prop: string, into: Array<readonly [string, ModelParticle]>): Mapped['slots'] {
  const child = ctx.component.props[prop];
  if (typeof child !== 'string') {
    ctx.issue(prop, `"${prop}" must be the id of a component`);
    return [];
  }
  return [{ id: child, componentId: child, scope: ctx.scope.path, into }];
}

/** Translates one A2UI component into a suip particle plus the slots of its children. */
export function mapComponent(ctx: MapContext): Mapped {
  const { component: c } = ctx;
  switch (c.component) {
    case 'Text': {
      const value = ctx.str('text');
      const variant = typeof c.props.variant === 'string' ? c.props.variant : 'body';
      const level = HEADING.get(variant);
      if (level !== undefined)
        return {
          particle: { text: `${'#'.repeat(ctx.heading(level))} ${value.replace(/\s*\n\s*/g, ' ')}` },
          slots: [],
        };
      return { particle: variant === 'caption' ? plainText(value) : { text: value }, slots: [] };
    }
    case 'Image': {
      const url = ctx.str('url');
      const alt = ctx.str('description');
      if (url === '') return { particle: plainText(alt || 'Image without a URL'), slots: [] };
      return {
        particle: typed('image', [
          ['src', { data: url, mimeType: mediaMimeOfUrl(url, 'image') }],
          ['alt', plainText(alt)],
        ]),
        slots: [],
      };
    }
    case 'Icon': {
      const raw = c.props.name;
      const name = typeof raw === 'object' && raw !== null && 'svgPath' in raw ? 'svg' : ctx.str('name');
      const mapped = suipIcon(name);
      if (mapped === undefined) return { particle: plainText(iconLabel(name)), slots: [] };
      return {
        particle: typed('icon', [
          ['name', plainText(mapped)],
          ['label', plainText(iconLabel(name))],
        ]),
        slots: [],
      };
    }
    case 'Video': {
      const url = ctx.str('url');
      if (url === '') return { particle: plainText('Video without a URL'), slots: [] };
      // v0.10 adds a poster image; on a v0.9 surface the prop is not part of the catalog and stays unread.
      const poster = ctx.surface.version === 'v0.10' ? ctx.str('posterUrl') : '';
      return {
        particle: typed('video', [
          ['src', { data: url, mimeType: mediaMimeOfUrl(url, 'video') }],
          ['title', plainText('Video')],
          ...(poster === ''
            ? []
            : [['poster', { data: poster, mimeType: mediaMimeOfUrl(poster, 'image') }] as [string, ModelParticle]]),
        ]),
        slots: [],
      };
    }
    case 'AudioPlayer': {
      const url = ctx.str('url');
      const title = ctx.str('description') || 'Audio';
      if (url === '') return { particle: plainText(title), slots: [] };
      return {
        particle: typed('audio', [
          ['src', { data: url, mimeType: mediaMimeOfUrl(url, 'audio') }],
          ['title', plainText(title)],
        ]),
        slots: [],
      };
    }
    case 'Row':
    case 'Column':
    case 'List': {
      const horizontal = c.component === 'Row' || (c.component === 'List' && c.props.direction === 'horizontal');
      const g = typed(c.component === 'List' && !horizontal ? 'list' : horizontal ? 'row' : 'column');
      return { particle: g, slots: ctx.childList('children', g.group) };
    }
    case 'Card': {
      const g = typed('card');
      return { particle: g, slots: single(ctx, 'child', g.group) };
    }
    case 'Divider':
      return { particle: typed('divider'), slots: [] };
    case 'Tabs': {
      const g = typed('tabs');
      const tabs = Array.isArray(c.props.tabs) ? c.props.tabs.slice(0, ctx.limits.maxTemplateItems) : [];
      const slots: Mapped['slots'] = [];
      tabs.forEach((tab: unknown, i) => {
        const t = (typeof tab === 'object' && tab !== null ? tab : {}) as Record<string, unknown>;
        const title = ctx.strOf(t.title, `tabs/${i}/title`);
        const section = typed('section', [['title', plainText(title || `Tab ${i + 1}`)]]);
        g.group.push([`tab-${i}`, section]);
        if (typeof t.child === 'string')
          slots.push({ id: t.child, componentId: t.child, scope: ctx.scope.path, into: section.group });
      });
      return { particle: g, slots };
    }
    case 'Modal': {
      const trigger = typeof c.props.trigger === 'string' ? c.props.trigger : '';
      const label = ctx.labelOf(trigger, ctx.scope.path) || 'Open';
      const open = ctx.surface.openModals.has(ctx.key);
      const wrapper = typed(null, [
        ['trigger', typed('button', [['label', plainText(label)]], { click: () => ctx.events.modal(ctx.key, true) })],
      ]);
      if (!open) return { particle: wrapper, slots: [] };
      const dialog = typed('modal', [['title', plainText(label)]], { click: () => ctx.events.modal(ctx.key, false) });
      wrapper.group.push(['dialog', dialog]);
      return { particle: wrapper, slots: single(ctx, 'content', dialog.group) };
    }
    default:
      return (
        mapInput(ctx) ?? {
          particle: typed('alert', [
            ['tone', plainText('warning')],
            ['body', plainText(`Unsupported A2UI component "${c.component.slice(0, 40)}" (${c.id.slice(0, 40)})`)],
          ]),
          slots: [],
        }
      );
  }
}
