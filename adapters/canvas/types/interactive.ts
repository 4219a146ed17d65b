import type { ModelParticle } from '../../../generator/kit.ts';
import { isReservedKey } from '../../../shared/reserved.ts';
import { buttonTone, field, g, itemIds, items, num, opt, plain, toText, type Child } from '../particles.ts';
import type { MapContext, Mapper } from './mapper.ts';
import { decodeChildId, decodeSelection, optionChildren, rolesOf, type BuiltOptions } from '../../kit/index.ts';

const TEXT_KINDS = new Set(['text', 'email', 'number', 'password', 'tel', 'url', 'search']);
const DATE_KINDS = new Map([
  ['date', 'date'],
  ['time', 'time'],
  ['datetime', 'datetime'],
  ['datetime-local', 'datetime'],
]);

/** `buttons` {title, buttons[{label, action, style}]} → card{title, row{button}}; click → widget-action {action}. */
export const buttons: Mapper = (d, context) => {
  const list = items(d.buttons);
  const ids = itemIds(list, 'b');
  const row = g(
    'row',
    list.map((b, i) => [ids[i]!, button(b, context)] as const),
  );
  return g('card', [
    ['title', opt(d.title)],
    ['buttons', row],
  ]);
};

function button(b: unknown, context: MapContext): ModelParticle {
  const action = toText(field(b, 'action')) || toText(field(b, 'label')) || 'click';
  return g(
    'button',
    [
      ['label', plain(toText(field(b, 'label')) || action)],
      ['tone', plain(buttonTone(field(b, 'style')))],
    ],
    { click: () => context.emit(action, {}) },
  );
}

/**
 * `chips` {title, chips[{text, value, checked}]} → multi-choice; change → widget-action
 * {action: "chips", value: [...]}.
 */
export const chips: Mapper = (d, context) => {
  const list = items(d.chips);
  // The kit gives each value an id no role of multi-choice can take, and reads the selection back to values.
  const built = optionChildren(
    rolesOf('multi-choice'),
    list.map((c) => ({
      value: toText(field(c, 'value') ?? field(c, 'text')),
      label: toText(field(c, 'text') ?? field(c, 'value')),
    })),
    { adapter: 'canvas' },
  );
  const selected = list.flatMap((c) =>
    field(c, 'checked') === true
      ? [built.idOf(toText(field(c, 'value') ?? field(c, 'text')))].filter((id) => id !== undefined)
      : [],
  );
  return g(
    'multi-choice',
    [
      ['label', plain(toText(d.title) || 'Options')],
      ['value', opt(selected.join('\n'))],
      ...leftOut(built),
      ...built.children,
    ],
    {
      change: { data: 'value', handler: (e) => context.emit('chips', { value: decodeSelection(e.value ?? '') }) },
    },
  );
};

/** Options the kit left out (a repeated value) are said under the field, never dropped silently. */
function leftOut(built: BuiltOptions): Child[] {
  return built.issues.length === 0 ? [] : [['hint', plain(built.issues.map((i) => i.message).join(' '))]];
}

/** `toggle` {label, checked} → toggle; change → widget-action {action: "toggle", checked}. */
export const toggle: Mapper = (d, context) =>
  g(
    'toggle',
    [
      ['label', plain(toText(d.label) || 'Toggle')],
      ['checked', plain(d.checked === true)],
    ],
    { change: { data: 'checked', handler: (e) => context.emit('toggle', { checked: e.checked === true }) } },
  );

/** `input` {label, type, placeholder, value} → text-field; change → widget-action {action: "input", value}. */
export const input: Mapper = (d, context) =>
  g('text-field', fieldChildren(d), {
    change: { data: 'value', handler: (e) => context.emit('input', { value: e.value ?? '' }) },
  });

function fieldChildren(d: Record<string, unknown>): Array<readonly [string, ModelParticle | undefined]> {
  const kind = toText(d.type).toLowerCase();
  return [
    ['label', plain(toText(d.label) || toText(d.name) || 'Input')],
    ['kind', TEXT_KINDS.has(kind) && kind !== 'text' ? plain(kind) : undefined],
    ['placeholder', opt(d.placeholder)],
    ['value', opt(d.value)],
    ['required', d.required === true ? plain('true') : undefined],
  ];
}

/** `slider` {label, value, min, max} → slider; change → widget-action {action: "slider", value}. */
export const slider: Mapper = (d, context) =>
  g(
    'slider',
    [
      ['label', plain(toText(d.label) || 'Value')],
      ['value', plain(num(d.value))],
      ['min', plain(num(d.min, 0))],
      ['max', plain(num(d.max, 100))],
      ['step', d.step === undefined ? undefined : plain(num(d.step, 1))],
    ],
    { change: { data: 'value', handler: (e) => context.emit('slider', { value: num(e.value) }) } },
  );

/**
 * `form` {title, id, fields[{name, type, label, value}], actions[{label, action, style}]} → form;
 * submit → widget-action {action, formData}.
 */
export const form: Mapper = (d, context) => formOf(d, items(d.fields), items(d.actions), context);

/** `form-strip` {title, desc, icon, fields, action, label} → a compact form (one action). */
export const formStrip: Mapper = (d, context) =>
  formOf(
    { ...d, title: d.title, desc: d.desc },
    items(d.fields),
    [{ label: d.label ?? 'Submit', action: d.action ?? 'submit' }],
    context,
  );

function formOf(d: Record<string, unknown>, fields: unknown[], actions: unknown[], context: MapContext): ModelParticle {
  const names = dedupe(fields.map((f, i) => safeId(toText(field(f, 'name')), `f${i}`)));
  const choices = new Set(
    names.filter((_, i) => ['select', 'radio'].includes(toText(field(fields[i], 'type')).toLowerCase())),
  );
  const first = actions[0];
  const submitAction = toText(field(first, 'action')) || 'submit';
  const children: Array<readonly [string, ModelParticle | undefined]> = [
    ['title', opt(d.title)],
    ['desc', opt(d.desc)],
  ];
  fields.forEach((f, i) => children.push([names[i]!, formField(f)]));
  const rest = actions.slice(1);
  if (rest.length > 0)
    children.push([
      'more',
      g(
        'row',
        rest.map((a, i) => [`a${i}`, button(a, context)] as const),
      ),
    ]);
  children.push(['submit', plain(toText(field(first, 'label')) || 'Submit')]);
  return g('form', children, {
    // A choice field submits its option's id: the kit decodes it back to the option's value.
    submit: {
      data: 'formData',
      preventDefault: true,
      handler: (e) =>
        context.emit(submitAction, {
          formId: toText(d.id),
          formData: {
            ...Object.fromEntries(
              Object.entries(e.formData ?? {}).map(([k, v]) => [
                k,
                choices.has(k) && typeof v === 'string' ? decodeChildId(v) : v,
              ]),
            ),
          },
        }),
    },
  });
}

function formField(f: unknown): ModelParticle {
  const type = toText(field(f, 'type')).toLowerCase();
  const label = plain(toText(field(f, 'label')) || toText(field(f, 'name')) || 'Field');
  const value = field(f, 'value');
  if (type === 'textarea')
    return g('text-area', [
      ['label', label],
      ['placeholder', opt(field(f, 'placeholder'))],
      ['value', opt(value)],
    ]);
  if (type === 'checkbox' || type === 'toggle')
    return g(type === 'toggle' ? 'toggle' : 'checkbox', [
      ['label', label],
      ['checked', plain(value === true || value === 'true')],
    ]);
  if (type === 'select' || type === 'radio') {
    const options = items(field(f, 'options'));
    const built = optionChildren(
      rolesOf('choice'),
      options.map((o) => ({
        value: toText(typeof o === 'object' ? field(o, 'value') : o),
        label: toText(typeof o === 'object' ? (field(o, 'label') ?? field(o, 'value')) : o),
      })),
      { adapter: 'canvas' },
    );
    return g('choice', [
      ['label', label],
      ['value', opt(built.idOf(toText(value)))],
      ...leftOut(built),
      ...built.children,
    ]);
  }
  const dateKind = DATE_KINDS.get(type);
  if (dateKind !== undefined)
    return g('date-field', [
      ['label', label],
      ['kind', plain(dateKind)],
      ['value', opt(value)],
    ]);
  return g('text-field', [
    ['label', label],
    ['kind', TEXT_KINDS.has(type) && type !== 'text' ? plain(type) : undefined],
    ['placeholder', opt(field(f, 'placeholder'))],
    ['value', opt(value)],
    ['required', field(f, 'required') === true ? plain('true') : undefined],
  ]);
}

const ROLE_IDS = new Set(['title', 'desc', 'submit', 'more', 'label', 'value', 'hint', 'error']);

/** A usable child id from an author's name, else the fallback (never a role id or a reserved key). */
function safeId(name: string, fallback: string): string {
  const id = name.slice(0, 64);
  return /^[\w.:-]+$/.test(id) && !ROLE_IDS.has(id) && !isReservedKey(id) ? id : fallback;
}

function dedupe(ids: string[]): string[] {
  const seen = new Set<string>();
  return ids.map((id, i) => {
    const unique = seen.has(id) ? `${id}~${i}` : id;
    seen.add(unique);
    return unique;
  });
}
