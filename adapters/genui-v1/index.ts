/** GenUI v1.0 (seed 000, client-server) for suip hosts: the client, and the pure parts a server shares. */
export { createGenuiClient } from './client.ts';
export type { GenuiClient, GenuiClientOptions, GenuiIssue, TurnOutcome } from './client.ts';
export { translateSurface } from './translate.ts';
export type { TranslateIssue, TranslateOptions, Translation } from './translate.ts';
export { genuiCatalogSchema, catalogNames, ALIASES } from './catalog.ts';
export { augmentationsSchema, augmentedVocabulary, MAX_AUGMENTED_WIDGETS } from './augmentations.ts';
export type { GenuiAugmentation, AugmentedVocabulary } from './augmentations.ts';
export { Conversation, compact } from './history.ts';
export { bindingsFor, toUiEvent } from './events.ts';
export * from '../../shared/neighbours/genui-v1/schemas.ts';
