import type { Ledger } from '../ledger/ledger.ts';
import type { createFanout } from '../live/fanout.ts';
import { isEndedEntry } from '../sessions/revocation.ts';
import { endClient, sendTo, type BridgeClient } from './bridge-client.ts';
import type { Claims } from './claims.ts';

/** What a window's reader of the runtime's stream needs. */
export interface BridgeReaderOptions {
  fanout: ReturnType<typeof createFanout>;
  ledger: Ledger;
  stream: string;
  claims: Claims;
  log(event: Record<string, unknown>): void;
}

/** One ledger entry as this window's frame (or nothing: another window's reply, an answered request). */
export function frameFor(
  claims: Claims,
  client: BridgeClient,
  entry: { seq: number; kind: string; payload: string },
): string | undefined {
  if (entry.kind.startsWith('reply:') && entry.kind !== `reply:${client.id}`) return undefined;
  if (entry.kind === 'ask') {
    const view = claims.viewOf(client.id, entry.payload);
    if (view === 'answered') return undefined;
    if (view === 'elsewhere') return `{"seq":${entry.seq},"elsewhere":true,${entry.payload.slice(1)}`;
  }
  return `{"seq":${entry.seq},${entry.payload.slice(1)}`;
}

/**
 * Read the runtime's stream to one window from `fromSeq`, each entry once and in order; a window
 * the ledger trimmed past is told `truncated` and goes on from the oldest entry still kept.
 */
export function readStream(options: BridgeReaderOptions, client: BridgeClient, fromSeq: number): void {
  const { ledger, stream } = options;
  client.reader = options.fanout.join(stream, fromSeq, {
    onEntry: (entry) => {
      // SECURITY: ending the bridge's session (the one revocation mechanism) ends this stream.
      if (isEndedEntry(entry)) return endClient(client, stream);
      const text = frameFor(options.claims, client, entry);
      if (text !== undefined) sendTo(client, text);
    },
    onBehind: () => {
      // The ledger trimmed frames this client had not read: say so, then go on from the oldest frame still kept.
      ledger.read(stream, 0, 1).then(
        (read) => {
          if (!client.open) return;
          const first = read.entries[0]?.seq ?? 1;
          sendTo(client, { type: 'truncated', firstSeq: first });
          readStream(options, client, first - 1);
        },
        (error: unknown) => {
          // The ledger cannot be read: the window reconnects later and resumes from its cursor.
          options.log({
            event: 'runtime-ledger-failed',
            kind: 'read',
            error: error instanceof Error ? error.message : String(error),
          });
          client.socket.close(1011, 'the ledger cannot be read; reconnect');
        },
      );
    },
  });
}
