import * as webCore from '@a2ui/web_core/v0_9';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DataModel } from './data-model.ts';
import { parseTemplate } from './expression.ts';
import { BASIC_FUNCTION_NAMES, callBasicFunction, type FunctionHost } from './functions.ts';
import { DEFAULT_A2UI_LIMITS } from './limits.ts';
import { formatTemplate } from './resolve.ts';

const host: FunctionHost = { formatString: (t) => t, maxStringLength: 100_000 };
const call = (name: string, args: Record<string, unknown>) =>
  callBasicFunction(name, Object.assign(Object.create(null) as Record<string, unknown>, args), host);

type Impl = { schema: { parse(v: unknown): unknown }; execute(args: unknown, context: unknown): unknown };
const IMPLS: Record<string, string> = {
  required: 'RequiredImplementation',
  regex: 'RegexImplementation',
  length: 'LengthImplementation',
  numeric: 'NumericImplementation',
  email: 'EmailImplementation',
  formatNumber: 'FormatNumberImplementation',
  formatCurrency: 'FormatCurrencyImplementation',
  formatDate: 'FormatDateImplementation',
  pluralize: 'PluralizeImplementation',
  and: 'AndImplementation',
  or: 'OrImplementation',
  not: 'NotImplementation',
  add: 'AddImplementation',
  subtract: 'SubtractImplementation',
  multiply: 'MultiplyImplementation',
  divide: 'DivideImplementation',
  equals: 'EqualsImplementation',
  not_equals: 'NotEqualsImplementation',
  greater_than: 'GreaterThanImplementation',
  less_than: 'LessThanImplementation',
  contains: 'ContainsImplementation',
  starts_with: 'StartsWithImplementation',
  ends_with: 'EndsWithImplementation',
};
/** The reference implementation with its own argument schema (coercion and defaults). */
function reference(name: string, args: Record<string, unknown>): unknown {
  const impl = (webCore as unknown as Record<string, Impl>)[IMPLS[name]!]!;
  return impl.execute(impl.schema.parse(args), {});
}

describe('the 14 basic functions', () => {
  it('are exactly the basic catalog list', () => {
    expect([...BASIC_FUNCTION_NAMES].sort()).toEqual(
      [
        'and',
        'email',
        'formatCurrency',
        'formatDate',
        'formatNumber',
        'formatString',
        'length',
        'not',
        'numeric',
        'openUrl',
        'or',
        'pluralize',
        'regex',
        'required',
      ].sort(),
    );
  });

  it('match @a2ui/web_core on hand-picked cases', () => {
    const cases: Array<[string, Record<string, unknown>]> = [
      ['required', { value: '' }],
      ['required', { value: [] }],
      ['required', { value: 0 }],
      ['required', { value: 'x' }],
      ['regex', { value: '12345', pattern: '^[0-9]{5}$' }],
      ['regex', { value: '1234', pattern: '^[0-9]{5}$' }],
      ['length', { value: 'abc', min: 2, max: 3 }],
      ['length', { value: 'abcd', max: 3 }],
      ['length', { value: [1], min: 2 }],
      ['numeric', { value: 5, min: 1, max: 10 }],
      ['numeric', { value: 11, max: 10 }],
      ['email', { value: 'a@b.co' }],
      ['email', { value: 'a@b' }],
      ['formatNumber', { value: 1234567.891 }],
      ['formatNumber', { value: 1234.5, decimals: 2 }],
      ['formatNumber', { value: 1234.5, grouping: false }],
      ['formatCurrency', { value: 199.99, currency: 'USD' }],
      ['formatCurrency', { value: 5, currency: 'EUR', decimals: 0 }],
      ['formatDate', { value: '2025-12-15T14:30:00', format: 'EEEE, MMMM d' }],
      ['formatDate', { value: '2025-12-15T09:05:00', format: 'h:mm a' }],
      ['formatDate', { value: '2025-01-02T03:04:05', format: "yyyy-MM-dd'T'HH:mm:ss" }],
      ['formatDate', { value: '2025-03-09T23:00:00', format: 'E, MMM d' }],
      ['pluralize', { value: 1, one: 'review', other: 'reviews' }],
      ['pluralize', { value: 2847, one: 'review', other: 'reviews' }],
      ['and', { values: [true, 1, 'x'] }],
      ['and', { values: [true, false] }],
      ['or', { values: [false, 0] }],
      ['or', { values: [false, 'y'] }],
      ['not', { value: false }],
    ];
    for (const [name, args] of cases) expect([name, call(name, args)]).toEqual([name, reference(name, args)]);
  });

  it('property: formatNumber, pluralize, length and numeric agree with web_core on random input', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e9, max: 1e9, noNaN: true }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        (value, decimals, grouping) => {
          expect(call('formatNumber', { value, decimals, grouping })).toBe(
            reference('formatNumber', { value, decimals, grouping }),
          );
          expect(call('pluralize', { value, one: 'a', other: 'b', zero: 'z' })).toBe(
            reference('pluralize', { value, one: 'a', other: 'b', zero: 'z' }),
          );
          expect(call('numeric', { value, min: -10, max: 10 })).toBe(
            reference('numeric', { value, min: -10, max: 10 }),
          );
        },
      ),
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 10 }), fc.nat(8), fc.nat(8), (value, min, max) => {
        expect(call('length', { value, min, max })).toBe(reference('length', { value, min, max }));
        expect(call('email', { value })).toBe(reference('email', { value }));
      }),
    );
  });

  it('property: formatDate agrees with web_core (date-fns) on the supported tokens', () => {
    // A token, then a separator: runs of one letter are one token in date-fns ("yyyyyyyy" is a padded year).
    const token = fc.constantFrom(
      'yyyy',
      'yy',
      'MMMM',
      'MMM',
      'MM',
      'M',
      'dd',
      'd',
      'EEEE',
      'EEE',
      'E',
      'HH',
      'H',
      'hh',
      'h',
      'mm',
      'm',
      'ss',
      's',
      'a',
    );
    const pattern = fc
      .array(fc.tuple(token, fc.constantFrom(' ', ', ', ':', '-', " 'at' ", '/')), { minLength: 1, maxLength: 5 })
      .map((p) => p.flat().join(''));
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1971-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        pattern,
        (date, format) => {
          expect(call('formatDate', { value: date.toISOString(), format })).toBe(
            reference('formatDate', { value: date.toISOString(), format }),
          );
        },
      ),
    );
  });

  it('unknown functions and bad regexps are errors that name the fix', () => {
    expect(() => call('eval', {})).toThrow(/unknown function "eval"; the basic catalog has required/);
    expect(() => call('regex', { value: 'a', pattern: '(' })).toThrow(/invalid regular expression/);
    expect(() => call('and', { values: 'x' })).toThrow(/needs "values"/);
  });
});

describe("web_core's standard functions beyond the 14 (arithmetic, comparison, string tests)", () => {
  /**
   * Both sides' answer: the value, or that the call was refused (web_core's schema throws; the bridge
   * throws EXPRESSION_ERROR).
   */
  const outcome = (f: () => unknown) => {
    try {
      return { value: f() };
    } catch {
      return { refused: true };
    }
  };
  const arg = fc.oneof(
    fc.double({ noNaN: false }),
    fc.integer(),
    fc.constantFrom(
      '',
      ' 12 ',
      '1e3',
      'abc',
      '0x10',
      'Infinity',
      true,
      false,
      null,
      undefined,
      [],
      [7],
      ['a', 'b'],
      {},
    ),
    fc.string({ maxLength: 6 }),
  );
  const NUMERIC = ['add', 'subtract', 'multiply', 'divide', 'greater_than', 'less_than'];

  it('property: every one agrees with web_core on random arguments of every JSON kind, refusals included', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NUMERIC, 'equals', 'not_equals'), arg, arg, (name, a, b) => {
        const args: Record<string, unknown> = {};
        if (a !== undefined) args.a = a;
        if (b !== undefined) args.b = b;
        expect([name, a, b, outcome(() => call(name, args))]).toEqual([
          name,
          a,
          b,
          outcome(() => reference(name, args)),
        ]);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.constantFrom(['contains', 'substring'], ['starts_with', 'prefix'], ['ends_with', 'suffix']),
        arg,
        arg,
        ([name, second], a, b) => {
          const args: Record<string, unknown> = {};
          if (a !== undefined) args.string = a;
          if (b !== undefined) args[second] = b;
          expect([name, a, b, outcome(() => call(name, args))]).toEqual([
            name,
            a,
            b,
            outcome(() => reference(name, args)),
          ]);
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('coerce as web_core does; a refusal names the function and the argument', () => {
    expect(call('add', { a: 2, b: '3' })).toBe(5);
    expect(call('divide', { a: 1, b: 0 })).toBe(Infinity);
    expect(() => call('add', { a: 'x', b: 1 })).toThrow(/add\(\) needs "a": a number \(got "x"\)/);
    expect(() => call('contains', { string: 'abc' })).toThrow(/contains\(\) needs "substring"/);
  });
});

describe('formatString templates', () => {
  const model = new DataModel(DEFAULT_A2UI_LIMITS);
  model.set('', { n: 2847, items: [{ name: 'Apple' }], start: '2025-12-15T14:30:00' });
  const scope = { model, path: '/items/0', host: { maxStringLength: 100_000 } };

  it('interpolates paths (relative in scope), nested calls, quotes and escapes', () => {
    expect(
      formatTemplate(
        '${name}: ${formatNumber(value: ${/n})} ${pluralize(value: ${/n}, one: \'review\', other: "reviews")}',
        scope,
      ),
    ).toBe('Apple: 2,847 reviews');
    expect(formatTemplate("\\${not} ${formatDate(value: ${/start}, format: 'E, MMM d')}", scope)).toBe(
      '${not} Mon, Dec 15',
    );
  });

  it('property: parses like web_core ExpressionParser on generated templates', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        '${/a}',
        '${b/c}',
        "${f(x: 'q', y: ${/z})}",
        '\\${e}',
        '${g(n: 12.5, t: true)}',
        'text ',
        '°',
        '${ }',
      ),
      fc.string({ maxLength: 4 }).filter((s) => !s.includes('$') && !s.includes('\\')),
    );
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 6 }).map((p) => p.join('')),
        (template) => {
          const theirs = (new webCore.ExpressionParser().parse(template) as unknown[]).map((p) =>
            typeof p === 'object' && p !== null && 'call' in p
              ? { call: (p as { call: string }).call, args: (p as unknown as { args: unknown }).args }
              : p,
          );
          const ours = parseTemplate(template);
          // web_core keeps adjacent literal pieces apart; joined literals compare equal.
          const merge = (parts: unknown[]) =>
            parts
              .filter((p) => p !== '')
              .reduce<unknown[]>(
                (out, p) =>
                  typeof p === 'string' && typeof out[out.length - 1] === 'string'
                    ? [...out.slice(0, -1), `${out[out.length - 1] as string}${p}`]
                    : [...out, p],
                [],
              );
          expect(JSON.parse(JSON.stringify(merge(ours)))).toEqual(JSON.parse(JSON.stringify(merge(theirs))));
        },
      ),
    );
  });
});
