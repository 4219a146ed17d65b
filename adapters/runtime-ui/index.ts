/** Seed 002 (runtime ⇄ UI over NDJSON JSON-RPC): the protocol once, for both roles, and the browser UI role. */
export { createRuntimeUiClient } from './client.ts';
export type { RuntimeUiClient, RuntimeUiClientOptions } from './client.ts';
export { createRpcPeer, RpcError } from './rpc-peer.ts';
export type { Handler, Handlers, Role, RpcPeer, RpcPeerOptions } from './rpc-peer.ts';
export { createLineSplitter, parseLine, toLine, MAX_LINE_BYTES } from '../../shared/neighbours/runtime-ui/ndjson.ts';
export type { LineProblem, LineSink } from '../../shared/neighbours/runtime-ui/ndjson.ts';
export { createOrderBuffer } from './order-buffer.ts';
export type { OrderBuffer, OrderBufferOptions } from './order-buffer.ts';
export { REQUESTS, NOTIFICATIONS, RpcErrorCode, AgentEvent } from '../../shared/neighbours/runtime-ui/schemas.ts';
export type {
  NotificationMethod,
  NotificationParams,
  ParamsOf,
  RequestMethod,
  ResultOf,
  RunStatus,
} from '../../shared/neighbours/runtime-ui/schemas.ts';
export { BRIDGE_PATH } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
