import { A2uiError } from './limits.ts';

/** Segments that would reach an object's prototype; refused in every pointer and every key. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** True for `__proto__`, `constructor` and `prototype`. */
export function isReservedSegment(segment: string): boolean {
  return RESERVED.has(segment);
}

/**
 * Parses an RFC 6901 JSON Pointer into its unescaped segments (`~1` → `/`, `~0` → `~`).
 * `""` and `"/"`-less input are refused except the whole-document pointer `""`; a trailing
 * `/` names the empty key as the RFC says. Reserved segments and more than `maxSegments` are refused.
 */
export function parsePointer(pointer: string, maxSegments: number): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/'))
    throw new A2uiError(
      'VALIDATION_FAILED',
      pointer,
      `JSON Pointer ${JSON.stringify(pointer.slice(0, 60))} must start with "/" (or be "" for the whole model)`,
    );
  const raw = pointer.slice(1).split('/');
  if (raw.length > maxSegments)
    throw new A2uiError(
      'LIMIT_EXCEEDED',
      pointer.slice(0, 60),
      `JSON Pointer has ${raw.length} segments; at most ${maxSegments} are allowed`,
    );
  const segments: string[] = [];
  for (const part of raw) {
    // Most segments hold no escape: they are taken as they are (no regex test, no replace).
    const escaped = part.includes('~');
    if (escaped && /~(?![01])/.test(part))
      throw new A2uiError(
        'VALIDATION_FAILED',
        pointer.slice(0, 60),
        `JSON Pointer segment ${JSON.stringify(part.slice(0, 40))} has a "~" not followed by 0 or 1; write "~0" for "~" and "~1" for "/"`,
      );
    const segment = escaped ? part.replace(/~1/g, '/').replace(/~0/g, '~') : part;
    if (isReservedSegment(segment))
      throw new A2uiError(
        'VALIDATION_FAILED',
        pointer.slice(0, 60),
        `JSON Pointer segment "${segment}" is refused (it would reach the prototype); rename the key`,
      );
    segments.push(segment);
  }
  return segments;
}

/** Escapes segments back into a pointer (`/` → `~1`, `~` → `~0`). */
export function formatPointer(segments: readonly string[]): string {
  return segments.map((s) => '/' + s.replace(/~/g, '~0').replace(/\//g, '~1')).join('');
}

/**
 * Resolves a binding path against a scope: absolute paths (`/a`) stand alone, relative ones
 * (`name`, `./name`) are appended to the scope pointer of the template item being expanded, and
 * `/` is the whole model.
 */
export function resolvePath(path: string, scope: string): string {
  // A2UI reads "/" as the whole model (as web_core does); RFC 6901 would read the key "".
  if (path === '/') return '';
  if (path.startsWith('/')) return path;
  const relative = path.startsWith('./') ? path.slice(2) : path;
  if (relative === '' || relative === '.') return scope === '/' ? '' : scope;
  return `${scope === '/' || scope === '' ? '' : scope}/${relative}`;
}

/** An array index segment: digits without a leading zero (RFC 6901), or `-` (append) when allowed. */
export function arrayIndex(segment: string): number | undefined {
  return /^(0|[1-9][0-9]{0,8})$/.test(segment) ? Number(segment) : undefined;
}
