import type { HandlerEvent, ModelParticle } from '../../generator/kit.ts';
import { decodeSelection, optionChildren, rolesOf } from '../kit/index.ts';
import { typed, type MapContext, type Mapped } from './map-context.ts';
import { failingChecksIn } from './checks.ts';
import { compileAgentRegex, MAX_REGEX_INPUT_CHARS } from './safe-regex.ts';
import { bindingPointer, isBinding } from './resolve.ts';
import { plainText } from '../kit/text.ts';

/** The messages of the component's failing `checks`; evaluation errors are reported at the check. */
export function failingChecks(ctx: MapContext): string[] {
  const checks = ctx.component.props.checks;
  if (!Array.isArray(checks)) return [];
  return failingChecksIn(checks, ctx.scope, (i, error) =>
    ctx.issue(`checks/${i}/condition`, (error as Error).message, 'EXPRESSION_ERROR'),
  );
}

/** A handler that writes the event's value to the prop's bound path, if it is bound. */
function writer(
  ctx: MapContext,
  prop: string,
  coerce: (event: HandlerEvent) => unknown,
): ((event: HandlerEvent) => void) | undefined {
  const bound = ctx.component.props[prop];
  if (!isBinding(bound)) return undefined;
  const pointer = bindingPointer(bound, ctx.scope);
  return (event) => ctx.events.write(pointer, coerce(event));
}

function withError(children: Array<readonly [string, ModelParticle]>, errors: readonly string[]): void {
  if (errors.length > 0) children.push(['error', plainText(errors.join(' '))]);
}

type Children = Array<readonly [string, ModelParticle]>;

/** The component's label, or the input's own word for it when the agent gave none. */
function labelOr(ctx: MapContext, fallback: string): string {
  return ctx.str('label') || fallback;
}

/** A value input's handlers: every keystroke (`input`) and the commit (`change`) write the bound path. */
function valueHandlers(write: ((event: HandlerEvent) => void) | undefined) {
  return write
    ? { input: { handler: write, data: 'value' as const }, change: { handler: write, data: 'value' as const } }
    : undefined;
}

/** Button: its label is its child's text (or its icon's meaning); a failing check disables it. */
function mapButton(ctx: MapContext): Mapped {
  const { component: c } = ctx;
  const child = typeof c.props.child === 'string' ? c.props.child : '';
  const children: Children = [['label', plainText(ctx.labelOf(child, ctx.scope.path) || 'Button')]];
  if (c.props.variant === 'borderless') children.push(['tone', plainText('secondary')]);
  if (failingChecks(ctx).length > 0) children.push(['disabled', plainText('true')]);
  return { particle: typed('button', children, { click: () => ctx.events.action(c, ctx.scope) }), slots: [] };
}

function mapCheckBox(ctx: MapContext): Mapped {
  const children: Children = [
    ['label', plainText(labelOr(ctx, 'Checkbox'))],
    ['checked', plainText(ctx.value('value') === true ? 'true' : 'false')],
  ];
  withError(children, failingChecks(ctx));
  const write = writer(ctx, 'value', (e) => e.checked === true);
  return {
    particle: typed('checkbox', children, write ? { change: { handler: write, data: 'checked' } } : undefined),
    slots: [],
  };
}

/** The messages of a TextField's failing checks, plus "Invalid format" when `validationRegexp` does not match. */
function textFieldErrors(ctx: MapContext, value: string): string[] {
  const errors = failingChecks(ctx);
  const regexp = ctx.component.props.validationRegexp;
  if (typeof regexp === 'string' && value !== '') {
    try {
      if (value.length > MAX_REGEX_INPUT_CHARS || !compileAgentRegex(regexp).test(value)) errors.push('Invalid format');
    } catch (error) {
      ctx.issue('validationRegexp', (error as Error).message, 'EXPRESSION_ERROR');
    }
  }
  return errors;
}

function mapTextField(ctx: MapContext): Mapped {
  const variant = ctx.component.props.variant;
  const value = ctx.str('value');
  const children: Children = [
    ['label', plainText(labelOr(ctx, 'Text'))],
    ['value', plainText(value)],
  ];
  // v0.10 adds a placeholder; on a v0.9 surface the prop is not part of the catalog and stays unread.
  const placeholder = ctx.surface.version === 'v0.10' ? ctx.str('placeholder') : '';
  if (placeholder !== '') children.push(['placeholder', plainText(placeholder)]);
  if (variant === 'obscured') children.push(['kind', plainText('password')]);
  if (variant === 'number') children.push(['kind', plainText('number')]);
  withError(children, textFieldErrors(ctx, value));
  const write = writer(ctx, 'value', (e) =>
    variant === 'number' && e.value !== '' && !Number.isNaN(Number(e.value)) ? Number(e.value) : (e.value ?? ''),
  );
  return {
    particle: typed(variant === 'longText' ? 'text-area' : 'text-field', children, valueHandlers(write)),
    slots: [],
  };
}

function mapDateTimeInput(ctx: MapContext): Mapped {
  const { component: c } = ctx;
  const date = c.props.enableDate !== false;
  const time = c.props.enableTime === true;
  const kind = date && time ? 'datetime' : time ? 'time' : 'date';
  const children: Children = [
    ['label', plainText(labelOr(ctx, kind === 'time' ? 'Time' : 'Date'))],
    ['kind', plainText(kind)],
  ];
  for (const prop of ['value', 'min', 'max']) {
    const v = ctx.str(prop);
    if (v !== '') children.push([prop, plainText(v)]);
  }
  withError(children, failingChecks(ctx));
  const write = writer(ctx, 'value', (e) => e.value ?? '');
  return { particle: typed('date-field', children, valueHandlers(write)), slots: [] };
}

/** The agent's options with a string `value` (the others are reported and left out), labels resolved. */
function choiceOptions(ctx: MapContext): Array<{ value: string; label: string; index: number }> {
  const { component: c } = ctx;
  const raw = Array.isArray(c.props.options) ? c.props.options.slice(0, ctx.limits.maxTemplateItems) : [];
  const options: Array<{ value: string; label: string; index: number }> = [];
  raw.forEach((option: unknown, i) => {
    const o = (typeof option === 'object' && option !== null ? option : {}) as Record<string, unknown>;
    if (typeof o.value !== 'string')
      return ctx.issue(`options/${i}/value`, `option ${i} needs "value": a string (it is left out)`);
    options.push({ value: o.value, label: ctx.strOf(o.label, `options/${i}/label`) || o.value, index: i });
  });
  return options;
}

function mapChoicePicker(ctx: MapContext): Mapped {
  const multiple = ctx.component.props.variant === 'multipleSelection';
  const type = multiple ? 'multi-choice' : 'choice';
  const current = ctx.value('value');
  // Model objects have no prototype (no toString): only strings and numbers can name an option.
  const selected = (Array.isArray(current) ? current : [current])
    .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
    .map(String);
  const children: Children = [['label', plainText(labelOr(ctx, 'Choose'))]];
  const options = choiceOptions(ctx);
  // The kit gives each value an id no role of the type can take (an option "variant" stays an option).
  const built = optionChildren(rolesOf(type), options, {
    adapter: 'a2ui',
    pathOf: (n) => `options/${options[n]!.index}/value`,
  });
  for (const issue of built.issues) ctx.issue(issue.path!, issue.message);
  children.push(...built.children);
  const picked = selected.map((v) => built.idOf(v)).filter((id): id is string => id !== undefined);
  if (picked.length > 0) children.splice(1, 0, ['value', plainText(multiple ? picked.join('\n') : picked[0]!)]);
  withError(children, failingChecks(ctx));
  const write = writer(ctx, 'value', (e) => decodeSelection(e.value ?? ''));
  return {
    particle: typed(type, children, write ? { change: { handler: write, data: 'value' } } : undefined),
    slots: [],
  };
}

function mapSlider(ctx: MapContext): Mapped {
  const { component: c } = ctx;
  const children: Children = [['label', plainText(labelOr(ctx, 'Value'))]];
  const value = ctx.value('value');
  if (typeof value === 'number') children.push(['value', plainText(String(value))]);
  if (typeof c.props.min === 'number') children.push(['min', plainText(String(c.props.min))]);
  if (typeof c.props.max === 'number') children.push(['max', plainText(String(c.props.max))]);
  withError(children, failingChecks(ctx));
  const write = writer(ctx, 'value', (e) => Number(e.value));
  return { particle: typed('slider', children, valueHandlers(write)), slots: [] };
}

/** One mapper per input component of the basic catalog. */
const INPUT_MAPPERS: Readonly<Record<string, (ctx: MapContext) => Mapped>> = {
  Button: mapButton,
  CheckBox: mapCheckBox,
  TextField: mapTextField,
  DateTimeInput: mapDateTimeInput,
  ChoicePicker: mapChoicePicker,
  Slider: mapSlider,
};

/** Button, CheckBox, TextField, DateTimeInput, ChoicePicker and Slider; undefined for other names. */
export function mapInput(ctx: MapContext): Mapped | undefined {
  return Object.hasOwn(INPUT_MAPPERS, ctx.component.component)
    ? INPUT_MAPPERS[ctx.component.component]!(ctx)
    : undefined;
}
