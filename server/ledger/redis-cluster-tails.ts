import { addTail, deliver, type RawEntry, type RedisKeys, type RedisTails, type Tail } from './redis-keys.ts';

/** What the tails use of a `redis` cluster client. */
interface Cluster {
  sendCommand(firstKey: string, isReadonly: boolean, args: string[]): Promise<unknown>;
  sSubscribe(channel: string, listener: () => void): Promise<unknown>;
  sUnsubscribe(channel: string): Promise<unknown>;
}

/** How often every tailed stream is read even without an announcement (one lost in a failover, a resubscribe). */
const SWEEP_MS = 1000;
/** Entries one read takes; a full page reads again at once. */
const PAGE = 1000;
/** A read not answered by then is given up (the sweep reads again): one stuck command never stops a stream's tails. */
const READ_MS = 5000;

/** `promise`, or a rejection after `ms`. */
function bounded<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms)),
  );
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

interface Group {
  tails: Set<Tail>;
  pulling: boolean;
  again: boolean;
}

/**
 * The tails of a ledger on a Redis Cluster. One XREAD cannot block on streams of many slots, so
 * a tailed stream is followed by its sharded channel instead: the append script `SPUBLISH`es
 * each stream's new number on a channel in the stream's own slot, a tail `SSUBSCRIBE`s it (the
 * cluster client keeps one subscriber connection per node, not one per tail) and reads what is
 * new with `XRANGE` from the lowest cursor. A sweep reads every tailed stream each second, so an
 * announcement lost while a primary fails over delays a tail by at most that, never loses an entry:
 * the stream, not the channel, is the record.
 */
export function clusterTails(cluster: Cluster, keys: RedisKeys): RedisTails {
  const tailsBy = new Map<string, Group>();
  let closed = false;

  async function pull(session: string): Promise<void> {
    const group = tailsBy.get(session);
    if (group === undefined || closed) return;
    if (group.pulling) {
      group.again = true;
      return;
    }
    group.pulling = true;
    try {
      do {
        group.again = false;
        const from = Math.min(...[...group.tails].map((tail) => tail.cursor));
        const key = keys.stream(session);
        const raw = (await bounded(
          cluster.sendCommand(key, true, ['XRANGE', key, `(0-${from}`, '+', 'COUNT', String(PAGE)]),
          READ_MS,
        )) as RawEntry[];
        deliver(group.tails, raw);
        if (raw.length === PAGE) group.again = true;
      } while (group.again && !closed && tailsBy.get(session) === group);
    } catch {
      // Redis is away (a failover, a lost connection): the sweep reads again.
    } finally {
      group.pulling = false;
    }
  }

  const sweep = setInterval(() => {
    for (const session of tailsBy.keys()) void pull(session);
  }, SWEEP_MS);
  sweep.unref();

  return {
    tail(session, fromSeq, onEntry) {
      const fresh = !tailsBy.has(session);
      const stop = addTail(tailsBy, session, { cursor: fromSeq, onEntry, stopped: false }, () => ({
        tails: new Set(),
        pulling: false,
        again: false,
      }));
      const channel = keys.appended(session);
      // Subscribe first, then read: an entry appended in between is in the read or announced.
      if (fresh)
        void cluster
          .sSubscribe(channel, () => void pull(session))
          .catch(() => undefined)
          .finally(() => void pull(session));
      else void pull(session);
      return () => {
        stop();
        if (!tailsBy.has(session) && !closed) void cluster.sUnsubscribe(channel).catch(() => undefined);
      };
    },
    async close() {
      closed = true;
      clearInterval(sweep);
      tailsBy.clear();
    },
  };
}
