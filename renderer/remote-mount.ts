import type { Limits, RpcMessage } from '../shared/index.ts';
import type { ConnectionEvents, GeneratorConnection, WarmTransport } from './connection.ts';
import type { GeneratorLifecycle } from './generator-lifecycle.ts';
import { SuipHostError } from './host-error.ts';
import { createRemoteConnection } from './remote-connection.ts';
import type { AttachRemoteOptions } from './renderer-types.ts';

/** How `attachRemote` starts a generator: its connection, and what to do once its lifecycle exists. */
export interface RemoteMount {
  connect(events: ConnectionEvents, warm: WarmTransport | undefined): GeneratorConnection;
  created?(lifecycle: GeneratorLifecycle): void;
}

/**
 * The connection of a generator on its own channel (`attachRemote`). Throws the host error a
 * channel without `send` and `onMessage` deserves. `prose()`: the vocabulary's prose, undefined
 * once installed (the in-page lane takes nothing before it).
 */
export function remoteMount(
  remote: AttachRemoteOptions,
  limits: Limits,
  prose: () => Promise<void> | undefined,
): RemoteMount {
  const channel = remote.channel;
  if (channel === undefined || typeof channel.send !== 'function' || typeof channel.onMessage !== 'function') {
    throw new SuipHostError('invalid-option', 'attachRemote needs a channel with send, onMessage and close', {
      option: 'channel',
    });
  }
  // A remote generator brings its own channel: a kept sandbox frame has no use for it.
  const connect = (events: ConnectionEvents, warm: WarmTransport | undefined) => {
    warm?.destroy();
    return createRemoteConnection(channel, limits, events, remote.inPage === true);
  };
  // The in-page lane: messages as values, into the same session code (`dispatchInPage`).
  // The initialize result carries the vocabulary's prose and a handed-over subtree: while the
  // prose loads nothing is taken (the handshake then takes the channel, held until the prose is
  // in; every transaction comes after it), and an adopt is not offered the lane.
  const lane = remote.inPage === true && remote.adopt !== true ? remote.lane : undefined;
  if (lane === undefined) return { connect };
  const created = (lifecycle: GeneratorLifecycle) => {
    lane.dispatch = (messages) =>
      (prose() === undefined && lifecycle.session?.dispatchInPage(messages as RpcMessage[])) || [];
  };
  return { connect, created };
}
