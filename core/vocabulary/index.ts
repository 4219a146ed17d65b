/** The semantic vocabulary: definitions, the `checkGroup` hook, JSON Schema, gallery and docs. */
export { BUILTIN_VOCABULARY, indexVocabulary } from './registry.ts';
export type { VocabularyIndex } from './registry.ts';
export { createGroupChecker, mimeMatches } from './check-group.ts';
export type { GroupChecker } from './check-group.ts';
export { vocabularyJsonSchema, groupTypeSchema } from './json-schema.ts';
export { galleryTree } from './gallery.ts';
export { defineType, textRole, dataRole, groupRole, otherChildren } from './define.ts';
