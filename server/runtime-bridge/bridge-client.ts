import type { BridgeErrorCode, BridgeServerFrame } from '../../shared/neighbours/runtime-ui/bridge-frames.ts';
import type { JsonSocket } from '../http/json-socket.ts';
import type { FanoutReader } from '../live/fanout.ts';
import { endedMessage } from '../sessions/revocation.ts';

/** One browser window on the bridge. */
export interface BridgeClient {
  id: string;
  socket: JsonSocket;
  canRestart: boolean;
  open: boolean;
  reader?: FanoutReader;
}

/** Send a frame (or a frame already serialized) to a window that is still open. */
export function sendTo(client: BridgeClient | undefined, frame: BridgeServerFrame | string): void {
  if (client === undefined || !client.open) return;
  // SECURITY: the endpoint holds every socket to its byte budget; a reader dropped as a slow consumer stops reading
  // the ledger at once.
  const sent = client.socket.sendText(typeof frame === 'string' ? frame : JSON.stringify(frame));
  if (!sent) {
    client.open = false;
    client.reader?.stop();
  }
}

/** Tell a window what the bridge refused, and why. */
export function refuse(client: BridgeClient, code: BridgeErrorCode, message: string): void {
  sendTo(client, { type: 'error', code, message });
}

/** The bridge's session was ended: this window is told and closed. */
export function endClient(client: BridgeClient, stream: string): void {
  client.open = false;
  client.reader?.stop();
  client.socket.fail('SESSION_ENDED', endedMessage(stream), true);
}
