import { addTail, deliver, type RawEntry, type RedisKeys, type RedisTails, type Tail } from './redis-keys.ts';

/** What the reader uses of a `redis` client (any RESP version or module set). */
interface Client {
  sendCommand(args: string[]): Promise<unknown>;
  duplicate(): Client;
  on(event: 'error', listener: () => void): unknown;
  connect(): Promise<unknown>;
  close(): Promise<unknown>;
}

/**
 * The tails of a ledger on ONE redis-server: one connection blocked in one XREAD over all tailed
 * streams (from the lowest cursor of each), not a connection per tail: 1,000 tails on a process
 * cost one Redis client. A new tail interrupts the block (CLIENT UNBLOCK) to join at once.
 * (A cluster cannot do this: one XREAD names keys of one slot only; see `redis-cluster-tails.ts`.)
 */
export function serverTails(client: Client, keys: RedisKeys): RedisTails {
  const tailsBy = new Map<string, { tails: Set<Tail> }>();
  let reader: Client | undefined;
  let readerId: string | undefined;
  let reading: Promise<void> | undefined;
  let blocked = false;
  let closed = false;
  const unblock = () =>
    readerId === undefined
      ? Promise.resolve()
      : client.sendCommand(['CLIENT', 'UNBLOCK', readerId]).then(
          () => undefined,
          () => undefined,
        );

  function startReading(): void {
    if (closed) return;
    if (reading !== undefined) {
      if (blocked) void unblock();
      return;
    }
    reading = readLoop()
      // A lost connection: wait before the next try (the client reconnects meanwhile), never spin.
      .catch(() => new Promise<void>((resolve) => setTimeout(resolve, 1000).unref()))
      .finally(() => {
        reading = undefined;
        if (tailsBy.size > 0) startReading();
      });
  }

  async function readLoop(): Promise<void> {
    if (reader === undefined) {
      const connection = client.duplicate();
      connection.on('error', () => undefined);
      await connection.connect();
      reader = connection;
      readerId = String(await connection.sendCommand(['CLIENT', 'ID']));
    }
    while (!closed && tailsBy.size > 0) {
      const sessions = [...tailsBy.keys()];
      const ids = sessions.map(
        (session) => `0-${Math.min(...[...tailsBy.get(session)!.tails].map((tail) => tail.cursor))}`,
      );
      const byKey = new Map(sessions.map((session) => [keys.stream(session), session]));
      blocked = true;
      let reply: Array<[string, RawEntry[]]> | Record<string, RawEntry[]> | null;
      try {
        reply = (await reader.sendCommand([
          'XREAD',
          'COUNT',
          '1000',
          'BLOCK',
          '500',
          'STREAMS',
          ...byKey.keys(),
          ...ids,
        ])) as typeof reply;
      } finally {
        blocked = false;
      }
      // RESP2 answers [[key, entries]], RESP3 a map {key: entries}.
      const streams = reply === null ? [] : Array.isArray(reply) ? reply : Object.entries(reply);
      for (const [streamKey, entries] of streams)
        deliver(tailsBy.get(byKey.get(String(streamKey)) ?? '')?.tails ?? [], entries);
    }
  }

  return {
    tail(session, fromSeq, onEntry) {
      const stop = addTail(tailsBy, session, { cursor: fromSeq, onEntry, stopped: false }, () => ({
        tails: new Set(),
      }));
      startReading();
      return stop;
    },
    async close() {
      closed = true;
      tailsBy.clear();
      await unblock();
      await reading;
      await reader?.close().catch(() => undefined);
    },
  };
}
