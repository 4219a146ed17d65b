import type { VocabularyEntry } from '../../shared/index.ts';
import type { HandlerEvent, HandlerSpec, ModelParticle } from '../../generator/kit.ts';
import { decodeSelection, encodeChildId, optionChildren, rolesOfEntry } from '../kit/index.ts';
import { ALIASES, propOf } from './catalog.ts';
import { bindingsFor, type EventBinding } from './events.ts';
import { plainText } from '../kit/text.ts';
import { mediaMimeOfUrl } from '../../core/policy/mime.ts';

/** A child of a planned group: a reference to another widget, or a particle made here. */
export type Slot = { id: string; ref: string; child?: true } | { id: string; particle: ModelParticle };

/** What one widget becomes before its children are expanded. */
export type Plan = { leaf: ModelParticle } | { type: string; slots: Slot[]; on?: Partial<Record<string, HandlerSpec>> };

/** What planning needs from the translator. */
export interface PlanContext {
  widgetId: string;
  vocabulary: ReadonlyMap<string, VocabularyEntry>;
  /** The widget object of another id (ElevatedButton reads its child's text). */
  lookup(id: string): unknown;
  /** A handler for a binding (a function in the page, a string id on the server). */
  bind(binding: EventBinding): HandlerSpec | undefined;
  /** Widgets a client added without a component (`augmentations`, render `fallback`): shown as a card. */
  fallbacks?: ReadonlyMap<string, VocabularyEntry>;
}

/** A prop as text: strings, numbers and booleans; anything else is refused with the reason. */
function asText(value: unknown, prop: string): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw new Error(`prop "${prop}" must be a string (got ${value === null ? 'null' : typeof value})`);
}

/** A string list prop (widget ids or labels). */
function asStrings(value: unknown, prop: string): string[] {
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
    throw new Error(`prop "${prop}" must be an array of strings`);
  return value as string[];
}

/** Attach the event bindings of a suip type to a plan. */
function withEvents(
  plan: { type: string; slots: Slot[]; on?: Partial<Record<string, HandlerSpec>> },
  name: string,
  ctx: PlanContext,
  bindings = bindingsFor(name, plan.type, ctx.widgetId),
) {
  for (const binding of bindings) {
    const handler = ctx.bind(binding);
    if (handler !== undefined) plan.on = { ...plan.on, [binding.suipEvent]: handler };
  }
  return plan;
}

/** A vocabulary type's props → a plan, role by role (the inverse of the catalog projection). */
function planType(entry: VocabularyEntry, props: Record<string, unknown>, name: string, ctx: PlanContext): Plan {
  const slots: Slot[] = [];
  // A type whose other children are options: the kit gives each option value an id no role can take.
  const optionRoles = entry.roles.some((r) => r.id === '*' && r.kind === 'text') ? rolesOfEntry(entry) : undefined;
  const selection = (text: string) =>
    (entry.type === 'multi-choice' ? text.split('\n') : [text]).map((v) => encodeChildId(optionRoles!, v)).join('\n');
  for (const role of entry.roles) {
    const prop = propOf(role);
    const value = props[prop];
    if (value === undefined || value === null) continue;
    if (role.id === '*') {
      if (role.kind === 'text') {
        if (!Array.isArray(value)) throw new Error(`prop "options" must be an array of {value, label}`);
        const options = (value as unknown[]).map((option) => {
          const o = option as { value?: unknown; label?: unknown };
          if (typeof o !== 'object' || o === null) throw new Error('each option must be {value, label}');
          return { value: asText(o.value, 'options[].value'), label: asText(o.label ?? o.value, 'options[].label') };
        });
        const built = optionChildren(optionRoles, options, { adapter: 'genui-v1' });
        if (built.issues.length > 0) throw new Error(`prop "options": ${built.issues[0]!.message}`);
        for (const [id, particle] of built.children) slots.push({ id, particle });
      } else for (const ref of asStrings(value, prop)) slots.push({ id: ref, ref, child: true });
    } else if (role.kind === 'text')
      slots.push({
        id: role.id,
        particle: plainText(
          optionRoles !== undefined && role.id === 'value' ? selection(asText(value, prop)) : asText(value, prop),
        ),
      });
    else if (role.kind === 'data') {
      const d = value as { url?: unknown; mimeType?: unknown };
      if (typeof d !== 'object' || typeof d.url !== 'string' || typeof d.mimeType !== 'string')
        throw new Error(`prop "${prop}" must be {url, mimeType}`);
      slots.push({ id: role.id, particle: { data: d.url, mimeType: d.mimeType } });
    } else slots.push({ id: role.id, ref: asText(value, prop) });
  }
  // The agent hears the option values it sent, not their particle ids.
  const bindings = bindingsFor(name, entry.type, ctx.widgetId).map((b) =>
    optionRoles !== undefined && b.data === 'value'
      ? { ...b, value: (e: HandlerEvent) => decodeSelection(e.value ?? '').join('\n') }
      : b,
  );
  return withEvents({ type: entry.type, slots }, name, ctx, bindings);
}

/** The text of a Text-like widget (ElevatedButton's label). */
function textOf(widget: unknown): string | undefined {
  if (typeof widget !== 'object' || widget === null) return undefined;
  const inner = (widget as Record<string, unknown>).Text ?? (widget as Record<string, unknown>).text;
  const text = (inner as { text?: unknown } | undefined)?.text;
  return typeof text === 'string' ? text : undefined;
}

/** A flutter/genui core name → a plan. */
function planAlias(name: string, props: Record<string, unknown>, ctx: PlanContext): Plan {
  switch (name) {
    case 'Text':
      return { leaf: plainText(asText(props.text ?? '', 'text')) };
    case 'Column':
      return {
        type: 'column',
        slots: asStrings(props.children ?? [], 'children').map((ref): Slot => ({ id: ref, ref, child: true })),
      };
    case 'ElevatedButton': {
      const child = asText(props.child, 'child');
      const label = textOf(ctx.lookup(child));
      if (label === undefined)
        throw new Error(
          `prop "child" must name a Text widget (its text is the label); "${child.slice(0, 60)}" is not one`,
        );
      return withEvents({ type: 'button', slots: [{ id: 'label', particle: plainText(label) }] }, name, ctx);
    }
    case 'TextField': {
      const hint = props.hintText === undefined ? 'Text' : asText(props.hintText, 'hintText');
      const slots: Slot[] = [
        { id: 'label', particle: plainText(hint) },
        { id: 'placeholder', particle: plainText(hint) },
      ];
      if (props.value !== undefined) slots.push({ id: 'value', particle: plainText(asText(props.value, 'value')) });
      if (props.obscured === true) slots.push({ id: 'kind', particle: plainText('password') });
      return withEvents({ type: 'text-field', slots }, name, ctx);
    }
    case 'CheckboxGroup': {
      const labels = asStrings(props.labels, 'labels');
      const values = Array.isArray(props.values) ? props.values : [];
      const slots: Slot[] = labels.map((label, index) => {
        const binding = bindingsFor(name, 'checkbox', ctx.widgetId)[0]!;
        const handler = ctx.bind({ ...binding, value: (e) => ({ index, label, checked: e.checked === true }) });
        return {
          id: `c${index}`,
          particle: {
            group: [
              ['label', plainText(label)],
              ['checked', plainText(String(values[index] === true))],
            ],
            type: 'checkbox',
            ...(handler ? { on: { change: handler } } : {}),
          },
        };
      });
      return { type: 'column', slots };
    }
    case 'RadioGroup': {
      const labels = asStrings(props.labels, 'labels');
      const selected = labels.indexOf(typeof props.groupValue === 'string' ? props.groupValue : '\u0000');
      const slots: Slot[] = [
        { id: 'label', particle: plainText(typeof props.label === 'string' ? props.label : 'Choose one') },
      ];
      if (selected >= 0) slots.push({ id: 'value', particle: plainText(`o${selected}`) });
      labels.forEach((label, index) => slots.push({ id: `o${index}`, particle: plainText(label) }));
      const binding = bindingsFor(name, 'choice', ctx.widgetId)[0]!;
      return withEvents({ type: 'choice', slots }, name, ctx, [
        { ...binding, value: (e) => labels[Number(String(e.value ?? '').slice(1))] ?? e.value },
      ]);
    }
    case 'Image': {
      const url = asText(props.location, 'location');
      return {
        type: 'image',
        slots: [
          { id: 'src', particle: { data: url, mimeType: mediaMimeOfUrl(url, 'image') } },
          { id: 'alt', particle: plainText(props.alt === undefined ? 'Image' : asText(props.alt, 'alt')) },
        ],
      };
    }
    default:
      throw new Error(`no alias ${name}`);
  }
}

/**
 * Plans one widget object (single-key form `{"<Name>": {props}}`). Throws an Error whose message
 * says what is wrong and how to write it instead; the translator turns it into a visible fallback.
 */
export function planWidget(widget: unknown, ctx: PlanContext): Plan {
  if (typeof widget !== 'object' || widget === null || Array.isArray(widget))
    throw new Error('"widget" must be an object with exactly one key, the widget name: {"button": {"label": "OK"}}');
  const keys = Object.keys(widget);
  if (keys.length !== 1)
    throw new Error(
      `"widget" must have exactly one key, the widget name (it has ${keys.length}: ${keys
        .slice(0, 5)
        .map((k) => JSON.stringify(k.slice(0, 40)))
        .join(', ')}); write {"button": {"label": "OK"}}`,
    );
  const name = keys[0]!;
  const props = (widget as Record<string, unknown>)[name] ?? {};
  if (typeof props !== 'object' || props === null || Array.isArray(props))
    throw new Error(`the props of "${name.slice(0, 60)}" must be an object`);
  const p = props as Record<string, unknown>;
  if (name === 'text')
    return {
      leaf: { text: asText(p.text ?? '', 'text'), mimeType: p.markdown === true ? 'text/markdown' : 'text/plain' },
    };
  if (ALIASES.has(name)) return planAlias(name, p, ctx);
  const entry = ctx.vocabulary.get(name);
  if (entry !== undefined) return planType(entry, p, name, ctx);
  const declared = ctx.fallbacks?.get(name);
  if (declared !== undefined) return planFallback(declared, p);
  throw new UnknownWidgetError(name);
}

/**
 * An added widget the client has no component for: a card titled with its name that lists its
 * props as text (`label: value`) and holds its children, so what the model sent is visible.
 */
function planFallback(entry: VocabularyEntry, props: Record<string, unknown>): Plan {
  const slots: Slot[] = [{ id: 'title', particle: plainText(entry.type) }];
  for (const role of entry.roles) {
    const prop = propOf(role);
    const value = props[prop];
    if (value === undefined || value === null) continue;
    if (role.id === '*' && role.kind !== 'text')
      for (const ref of asStrings(value, prop)) slots.push({ id: ref, ref, child: true });
    else if (role.kind === 'data')
      slots.push({
        id: `p-${prop}`,
        particle: plainText(`${prop}: ${asText((value as { url?: unknown }).url, `${prop}.url`)}`),
      });
    else if (Array.isArray(value))
      slots.push({
        id: `p-${prop}`,
        particle: plainText(
          `${prop}: ${value.map((v) => asText((v as { label?: unknown })?.label ?? v, prop)).join(', ')}`,
        ),
      });
    else slots.push({ id: `p-${prop}`, particle: plainText(`${prop}: ${asText(value, prop)}`) });
  }
  return { type: 'card', slots };
}

/** A widget name that is in neither the catalog nor the host's vocabulary. */
export class UnknownWidgetError extends Error {
  constructor(readonly widgetName: string) {
    super(
      `unknown widget "${widgetName.slice(0, 60)}": use a name of the catalog (button, card, column, text, text-field, … or Column, Text, ElevatedButton, TextField, CheckboxGroup, RadioGroup, Image)`,
    );
  }
}
