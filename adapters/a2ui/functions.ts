import { formatDatePattern } from './date-pattern.ts';
import { A2uiError, listNames } from './limits.ts';
import { compileAgentRegex, MAX_REGEX_INPUT_CHARS } from './safe-regex.ts';

/** What a basic function may reach outside its arguments. */
export interface FunctionHost {
  /** `openUrl`: the host's link policy decides (never `window.open` from the bridge). */
  openUrl?: (url: string) => void;
  /** Locale for number, currency and plural rules; undefined = the runtime default, like web_core. */
  locale?: string;
  /** Formats a `formatString` template with the current scope (set by the resolver). */
  formatString: (template: string) => string;
  /** Longest string a regex may be run on. */
  maxStringLength: number;
  /** The surface's catalog: only its functions run (undefined: every function the bridge serves). */
  catalog?: { catalogId: string; functions: ReadonlySet<string> };
}

/** Resolved arguments by name (a null-prototype record). */
export type Args = Record<string, unknown>;

const str = (v: unknown): string =>
  v === undefined || v === null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v as string);
const num = (v: unknown): number =>
  typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
const optNum = (v: unknown): number | undefined => (v === undefined || v === null ? undefined : num(v));
const values = (args: Args, name: string): unknown[] => {
  const v = args.values;
  if (!Array.isArray(v))
    throw new A2uiError('EXPRESSION_ERROR', '', `${name}() needs "values": an array of at least 2 conditions`);
  return v;
};

/** Most number formats kept (a formatter takes about as long to build as a hundred formats take to run). */
const MAX_FORMATS = 64;
const formats = new Map<string, Intl.NumberFormat>();
const plurals = new Map<string, Intl.PluralRules>();

/** A cached Intl object (the options are the key); the cache is bounded, its oldest entry goes first. */
function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key);
  if (value === undefined) {
    value = make();
    // SECURITY: agent-chosen currencies and decimals cannot grow the cache without bound.
    if (cache.size >= MAX_FORMATS) cache.delete(cache.keys().next().value!);
    cache.set(key, value);
  }
  return value;
}

function formatNumber(args: Args, host: FunctionHost, currency?: string): string {
  const value = num(args.value);
  if (Number.isNaN(value)) return '';
  const decimals = optNum(args.decimals);
  const options: Intl.NumberFormatOptions = { useGrouping: args.grouping !== false };
  if (decimals !== undefined && Number.isInteger(decimals) && decimals >= 0 && decimals <= 20) {
    options.minimumFractionDigits = decimals;
    options.maximumFractionDigits = decimals;
  }
  if (currency !== undefined) {
    options.style = 'currency';
    options.currency = currency;
  }
  try {
    return cached(
      formats,
      JSON.stringify([host.locale ?? null, options]),
      () => new Intl.NumberFormat(host.locale, options),
    ).format(value);
  } catch {
    return value.toFixed(decimals ?? (currency === undefined ? 0 : 2));
  }
}

const BASIC: ReadonlyMap<string, (args: Args, host: FunctionHost) => unknown> = new Map<
  string,
  (args: Args, host: FunctionHost) => unknown
>([
  [
    'required',
    (a) =>
      !(
        a.value === null ||
        a.value === undefined ||
        a.value === '' ||
        (Array.isArray(a.value) && a.value.length === 0)
      ),
  ],
  [
    'regex',
    (a) => {
      const value = str(a.value);
      const regex = compileAgentRegex(str(a.pattern));
      return value.length <= MAX_REGEX_INPUT_CHARS && regex.test(value);
    },
  ],
  [
    'length',
    (a) => {
      const len = typeof a.value === 'string' || Array.isArray(a.value) ? a.value.length : 0;
      const min = optNum(a.min);
      const max = optNum(a.max);
      return (
        !(min !== undefined && !Number.isNaN(min) && len < min) &&
        !(max !== undefined && !Number.isNaN(max) && len > max)
      );
    },
  ],
  [
    'numeric',
    (a) => {
      const value = num(a.value);
      const min = optNum(a.min);
      const max = optNum(a.max);
      return !Number.isNaN(value) && !(min !== undefined && value < min) && !(max !== undefined && value > max);
    },
  ],
  ['email', (a) => /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,}$/.test(str(a.value))],
  ['formatString', (a, host) => host.formatString(str(a.value))],
  ['formatNumber', (a, host) => formatNumber(a, host)],
  ['formatCurrency', (a, host) => formatNumber(a, host, str(a.currency) || 'USD')],
  [
    'formatDate',
    (a) => {
      if (typeof a.value !== 'string' && typeof a.value !== 'number') return '';
      if (a.value === '') return '';
      const date = new Date(a.value);
      if (Number.isNaN(date.getTime())) return '';
      const format = str(a.format);
      return format === 'ISO' || format === '' ? date.toISOString() : formatDatePattern(date, format);
    },
  ],
  [
    'pluralize',
    (a, host) => {
      const value = num(a.value);
      let rule = 'other';
      try {
        rule = cached(plurals, host.locale ?? '', () => new Intl.PluralRules(host.locale)).select(value);
      } catch {
        rule = 'other';
      }
      const chosen = Object.hasOwn(a, rule) ? a[rule] : a.other;
      return str(chosen ?? a.other);
    },
  ],
  [
    'openUrl',
    (a, host) => {
      host.openUrl?.(str(a.url));
      return undefined;
    },
  ],
  ['and', (a) => values(a, 'and').every(Boolean)],
  ['or', (a) => values(a, 'or').some(Boolean)],
  ['not', (a) => !a.value],
]);

/** The 14 function names of the v0.9 basic catalog. */
export const BASIC_FUNCTION_NAMES: readonly string[] = [...BASIC.keys()];

/**
 * A number argument as web_core's `z.coerce.number()` reads it: null and absent are missing,
 * anything `Number` cannot read is refused.
 */
function coerced(args: Args, name: string, fn: string): number {
  const v = args[name];
  let n = Number.NaN;
  try {
    if (v !== null && v !== undefined) n = Number(v);
  } catch {
    // A model object has no prototype, so Number() cannot read it: not a number.
  }
  if (Number.isNaN(n))
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `${fn}() needs "${name}": a number (got ${v === undefined ? 'nothing' : (JSON.stringify(v) ?? '?').slice(0, 40)})`,
    );
  return n;
}
/** A required argument of any value (web_core refuses an absent one). */
function present(args: Args, name: string, fn: string): unknown {
  if (args[name] === undefined) throw new A2uiError('EXPRESSION_ERROR', '', `${fn}() needs "${name}"`);
  return args[name];
}
/** A string argument as web_core reads it: absent is refused, anything else is `String(v)`. */
function text(args: Args, name: string, fn: string): string {
  return String(present(args, name, fn) as string);
}

/**
 * The rest of web_core's standard set: its basic catalog also registers arithmetic, comparison and
 * string tests (no catalog document of the spec lists them; the reference processor runs them on
 * basic surfaces, so the bridge does too, with the same argument rules).
 */
const STANDARD_EXTRA: ReadonlyMap<string, (args: Args) => unknown> = new Map<string, (args: Args) => unknown>([
  ['add', (a) => coerced(a, 'a', 'add') + coerced(a, 'b', 'add')],
  ['subtract', (a) => coerced(a, 'a', 'subtract') - coerced(a, 'b', 'subtract')],
  ['multiply', (a) => coerced(a, 'a', 'multiply') * coerced(a, 'b', 'multiply')],
  [
    'divide',
    (a) => {
      const b = coerced(a, 'b', 'divide');
      const x = coerced(a, 'a', 'divide');
      return b === 0 ? Infinity : x / b;
    },
  ],
  ['equals', (a) => present(a, 'a', 'equals') === present(a, 'b', 'equals')],
  ['not_equals', (a) => present(a, 'a', 'not_equals') !== present(a, 'b', 'not_equals')],
  ['greater_than', (a) => coerced(a, 'a', 'greater_than') > coerced(a, 'b', 'greater_than')],
  ['less_than', (a) => coerced(a, 'a', 'less_than') < coerced(a, 'b', 'less_than')],
  ['contains', (a) => text(a, 'string', 'contains').includes(text(a, 'substring', 'contains'))],
  ['starts_with', (a) => text(a, 'string', 'starts_with').startsWith(text(a, 'prefix', 'starts_with'))],
  ['ends_with', (a) => text(a, 'string', 'ends_with').endsWith(text(a, 'suffix', 'ends_with'))],
]);

/** web_core's standard functions beyond the catalog document's 14, served on the basic catalog. */
export const STANDARD_EXTRA_NAMES: readonly string[] = [...STANDARD_EXTRA.keys()];

/**
 * Functions of the other standard catalog, v0.9's minimal one: `capitalize` upper-cases the first
 * character and keeps the rest, as the upstream renderers do ("hello world" → "Hello world").
 */
const MINIMAL: ReadonlyMap<string, (args: Args, host: FunctionHost) => unknown> = new Map([
  [
    'capitalize',
    (a: Args) => {
      const value = str(a.value);
      return value.charAt(0).toUpperCase() + value.slice(1);
    },
  ],
]);

/** The minimal catalog's function names. */
export const MINIMAL_FUNCTION_NAMES: readonly string[] = [...MINIMAL.keys()];

/** Every function the bridge can run: the v0.9 standard set (basic and minimal catalogs). */
export const SERVED_FUNCTION_NAMES: ReadonlySet<string> = new Set([
  ...BASIC_FUNCTION_NAMES,
  ...STANDARD_EXTRA_NAMES,
  ...MINIMAL_FUNCTION_NAMES,
]);

/**
 * Runs one standard function the surface's catalog declares; a name the catalog lacks, or that
 * the bridge cannot run, is an error naming the catalog and the functions it has.
 */
export function callBasicFunction(name: string, args: Args, host: FunctionHost): unknown {
  const fn = BASIC.get(name) ?? STANDARD_EXTRA.get(name) ?? MINIMAL.get(name);
  const catalog = host.catalog;
  if (catalog !== undefined && !catalog.functions.has(name)) {
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `function "${name.slice(0, 40)}" is not in catalog ${catalog.catalogId.slice(0, 120)}; it has ${listNames(catalog.functions) || 'no functions'}`,
    );
  }
  if (fn === undefined && catalog !== undefined)
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `function "${name.slice(0, 40)}" is declared by catalog ${catalog.catalogId.slice(0, 120)} but this client cannot run it; it runs ${listNames(SERVED_FUNCTION_NAMES)}`,
    );
  if (fn === undefined)
    throw new A2uiError(
      'EXPRESSION_ERROR',
      '',
      `unknown function "${name.slice(0, 40)}"; the basic catalog has ${[...BASIC_FUNCTION_NAMES, ...STANDARD_EXTRA_NAMES].join(', ')} and the minimal catalog ${MINIMAL_FUNCTION_NAMES.join(', ')}`,
    );
  return fn(args, host);
}
