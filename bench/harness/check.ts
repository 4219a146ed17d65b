import { isDeepStrictEqual } from 'node:util';

/** A benchmark produced a wrong result: its timing must not be reported. */
export class BenchCheckError extends Error {
  override name = 'BenchCheckError';
}

/** Throws `BenchCheckError` unless `condition` holds: a fast wrong answer must not win. */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new BenchCheckError(message);
}

/**
 * Throws `BenchCheckError` unless `actual` deep-equals `expected` (JSON-wise: undefined properties count as absent).
 */
export function checkEqual(actual: unknown, expected: unknown, what: string): void {
  const normalize = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
  if (!isDeepStrictEqual(normalize(actual), normalize(expected))) {
    throw new BenchCheckError(`${what}: result differs from the expected one`);
  }
}
