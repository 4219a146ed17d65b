/** The SUIP wire: every shape that crosses the channel, its limits, errors and validators. */
export { PROTOCOL_VERSION, isCompatibleVersion } from './version.ts';
export { Method, OP_METHODS, GENERATOR_METHODS, RENDERER_METHODS } from './methods.ts';
export type { MethodName } from './methods.ts';
export { ErrorCode, errorCodeName } from './error-codes.ts';
export type { ErrorCodeValue } from './error-codes.ts';
export { SuipErrorObject, ErrorData, opError, rolledBackError } from './error.ts';
export { REFUSAL_NOTICES_PER_SECOND, createNoticeGate, refusalNotice } from './refusal-notice.ts';
export type { RefusalReason } from './refusal-notice.ts';
export { Limits, DEFAULT_LIMITS } from './limits.ts';
export {
  Particle,
  TextParticle,
  DataParticle,
  GroupShallow,
  EventHandler,
  EventHandlers,
  ParticleId,
  ParticlePath,
  GroupType,
  EVENT_NAMES,
  EVENT_DATA,
  isGroup,
  isText,
} from './particle.ts';
export type { GroupParticle, GroupEntry, EventName } from './particle.ts';
export { OpParams, appendOp, appendTextOp, insertOp, removeOp, replaceOp } from './ops.ts';
export type { Op, OpMethod, AppendParams, InsertParams, RemoveParams, ReplaceParams } from './ops.ts';
export { EventParams, EventPayload } from './event.ts';
export {
  InitializeParams,
  InitializeResult,
  HostContext,
  VocabularyEntry,
  VocabularyRole,
  PeerInfo,
} from './handshake.ts';
export { validateParticle, checkId } from './validate-particle.ts';
export type { ParticleCheck, ParticleContext, ParticleIssue } from './validate-particle.ts';
export { checkOp } from './validate-op.ts';
export type { OpCheck } from './validate-op.ts';
export { parseMessage, isCall, utf8Length, withinBytes } from './message.ts';
export type { RpcCall, RpcResponse, RpcMessage, JsonRpcId, ParsedMessage } from './message.ts';
export { compile } from './check.ts';
export type { Checker } from './check.ts';
export { RESERVED_KEYS, isReservedKey } from './reserved.ts';
export { describeValue, formatPath, quoteList } from './describe.ts';
export { createMemoryChannelPair } from './channel.ts';
export type { Channel } from './channel.ts';
export { wireJsonSchema } from './json-schema.ts';
export { createRateBudget } from './rate-budget.ts';
export { EffectivePolicy, DEFAULT_EFFECTIVE_POLICY } from './effective-policy.ts';
export { DataParams, ChannelName, MAX_CHANNEL_LENGTH, isChannelName } from './data-plane.ts';
export { DialogParams, DialogResult, ConfirmDialog, PromptDialog, PickDialog, PickItem } from './dialog.ts';
export { STATUS_REASONS, TERMINATION_REASONS, isStatusReason, readRelayReport } from './relay-control.ts';
export type {
  StatusReason,
  TerminationReason,
  RelayBudgets,
  RelayCommand,
  RelayReport,
  IsolationMode,
} from './relay-control.ts';
