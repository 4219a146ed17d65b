/**
 * The adapters' translator kit: particles built from the vocabulary definition (option ids that
 * cannot take a type's roles, plain-text roles) and the one issue shape every adapter reports.
 * This entry reads the built-in vocabulary; code bundled per widget imports `type-roles.ts`,
 * `option-ids.ts` and `options.ts` directly with the one definition it needs.
 */
export { decodeChildId, decodeSelection, encodeChildId, ESCAPE_MARK } from './option-ids.ts';
export { optionChildren } from './options.ts';
export type { BuiltOptions, OptionChildrenOptions, OptionInput } from './options.ts';
export { fromCanvasIssue, fromGenuiIssue, fromLineProblem } from './issue.ts';
export type { AdapterIssue, AdapterName } from './issue.ts';
export { isRoleOf, rolesOf } from './vocabulary.ts';
export { rolesOfEntry } from './type-roles.ts';
export type { TypeRoles } from './type-roles.ts';
export { plainText } from './text.ts';
