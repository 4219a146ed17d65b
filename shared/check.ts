import type { TSchema, Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';

/** A compiled shape check with a readable first error. */
export interface Checker<T extends TSchema> {
  check(value: unknown): value is Static<T>;
  /** The first problem as `"/json/pointer: message"`, or undefined when the value fits. */
  firstError(value: unknown): string | undefined;
}

/**
 * Compile a schema once. Compiled checks use `new Function`; a host whose CSP forbids
 * `unsafe-eval` gets the interpreted `Value.Check` instead (slower, same answers).
 */
export function compile<T extends TSchema>(schema: T): Checker<T> {
  let check: (value: unknown) => boolean;
  try {
    const compiled = TypeCompiler.Compile(schema);
    check = (value) => compiled.Check(value);
  } catch {
    check = (value) => Value.Check(schema, value);
  }
  return {
    check: check as (value: unknown) => value is Static<T>,
    firstError(value) {
      if (check(value)) return undefined;
      const first = Value.Errors(schema, value).First();
      return first ? `${shortPointer(first.path)}: ${first.message}` : 'does not fit the schema';
    },
  };
}

/** A JSON pointer for error text; hostile keys can be megabytes long, so segments and the whole are capped. */
function shortPointer(pointer: string): string {
  if (pointer === '') return '/';
  const segments = pointer.split('/').map((s) => (s.length > 40 ? `${s.slice(0, 40)}…` : s));
  const shown = segments.length > 10 ? [...segments.slice(0, 5), '…', ...segments.slice(-4)] : segments;
  return shown.join('/');
}
