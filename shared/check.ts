import type { TSchema, Static } from '@sinclair/typebox';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { Value } from '@sinclair/typebox/value';
import { shortPointer } from './short-pointer.ts';

/**
 * A shape check with a readable first error: `compile` builds one from a TypeBox schema at run
 * time; the renderer's own checks are built ahead of time (`wire-checks.ts`) with the same answers.
 */
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
