import { isReservedKey } from '../../shared/reserved.ts';
import type { TypeRoles } from './type-roles.ts';

/** The mark that starts an escaped child id; no role id of the vocabulary starts with it. */
export const ESCAPE_MARK = '~';

// `%` and whitespace are written `%XXXX` (four hex digits) inside an escaped id: the renderer trims
// a choice's value and splits a multi-choice's on newlines, so an id must keep neither at its ends
// nor a newline inside. `%` itself is escaped so decoding is exact.
const escapeBody = (value: string): string =>
  value.replace(/[%\s]/g, (c) => `%${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
const unescapeBody = (body: string): string =>
  body.replace(/%([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The particle id for a foreign value (an option's value, an item's key) among the children of a
 * vocabulary type (its roles from `rolesOf` or `rolesOfEntry`). A value that would be read as one of the type's roles
 * (`variant`, `placeholder`,
 * `label`, …), a reserved key, an empty string, a value with a newline or with whitespace at an
 * end, or a value that starts with the escape mark is escaped as `~` plus the value with `%` and
 * whitespace written `%XXXX`; any other value is its own id. The mapping is one-to-one and
 * `decodeChildId` inverts it.
 */
export function encodeChildId(roles: TypeRoles, value: string): string {
  const plainOk =
    value !== '' &&
    !value.startsWith(ESCAPE_MARK) &&
    !isReservedKey(value) &&
    !roles.named.has(value) &&
    value.trim() === value &&
    !value.includes('\n');
  return plainOk ? value : ESCAPE_MARK + escapeBody(value);
}

/** The foreign value an id made by `encodeChildId` stands for (what a change event's value means). */
export function decodeChildId(id: string): string {
  return id.startsWith(ESCAPE_MARK) ? unescapeBody(id.slice(ESCAPE_MARK.length)) : id;
}

/** A multi-choice selection (ids joined by newlines, as the renderer sends it) → the foreign values. */
export function decodeSelection(text: string): string[] {
  return text
    .split('\n')
    .map((id) => id.trim())
    .filter((id) => id !== '')
    .map(decodeChildId);
}
