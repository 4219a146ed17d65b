/** Prompt text for models that write suip generator programs. */
export { systemPrompt, systemPromptFor } from './system-prompt.ts';
export { POLICY_RULES } from './policy-text.ts';
export type { PromptFacts } from './policy-text.ts';
export type { SystemPromptOptions } from './system-prompt.ts';
export { vocabularyText, needsExample } from './vocabulary-text.ts';
export type { VocabularyTextOptions } from './vocabulary-text.ts';
export { particleCode } from './particle-code.ts';
