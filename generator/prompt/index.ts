/** Prompt text for models that write suip generator programs. */
export { systemPrompt } from './system-prompt.ts';
export type { SystemPromptOptions } from './system-prompt.ts';
export { vocabularyText } from './vocabulary-text.ts';
export { particleCode } from './particle-code.ts';
