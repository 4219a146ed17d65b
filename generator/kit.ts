/**
 * The server-side kit (`suip/kit`): what a host's server needs to have a model write suip programs
 * and to run generators itself, in Node or any JavaScript runtime without a DOM.
 */
export { systemPrompt, systemPromptFor, vocabularyText } from './prompt/index.ts';
export type { SystemPromptOptions, PromptFacts } from './prompt/index.ts';
export type { EffectivePolicy } from '../shared/effective-policy.ts';
export { extractCode, streamingCode } from './model/extract-code.ts';
export { streamChat, completionsUrl, ChatError, DEFAULT_CHAT_TIMEOUTS } from './model/chat-client.ts';
export type {
  ChatMessage,
  ChatRequest,
  EndpointSettings,
  ChatTimeouts,
  ChatErrorCode,
  ChatStreamProblem,
  ToolCallDelta,
} from './model/chat-client.ts';
export { redact, registerSecret } from '../shared/redact.ts';
export { generateWithRepair, repairMessage } from './model/repair-loop.ts';
export type { LoopObserver, LoopOptions, RunOutcome, Turn } from './model/repair-loop.ts';
export { connectGenerator } from './runtime/connect-generator.ts';
export type { ConnectOptions, ConnectedGenerator } from './runtime/connect-generator.ts';
export { text, data, group } from './runtime/builders.ts';
export type {
  ModelParticle,
  ModelGroup,
  HandlerEvent,
  HandlerFunction,
  HandlerSpec,
  GroupOptions,
} from './runtime/builders.ts';
export type { SuipApi } from './runtime/suip-api.ts';
export { SuipError } from './runtime/suip-error.ts';
export { createMemoryChannelPair } from '../shared/channel.ts';
export type { Channel } from '../shared/channel.ts';
