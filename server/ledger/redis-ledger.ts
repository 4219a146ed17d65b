import { createClient } from 'redis';
import { DEFAULT_WINDOW, checkSession, type Ledger, type LedgerEntry, type LedgerHead, type LedgerOptions } from './ledger.ts';

/** XADD the entry (ARGV[2..]) and set the head ARGV[1] to "<seq>|<payload>" in one atomic step. */
const APPEND_WITH_HEAD = `local id = redis.call('XADD', KEYS[1], unpack(ARGV, 2))
local seq = string.sub(id, string.find(id, '-') + 1)
redis.call('HSET', KEYS[2], ARGV[1], seq .. '|' .. ARGV[#ARGV])
return id`;

type Client = ReturnType<typeof createClient>;

/** A stream entry as XRANGE / XREAD return it: `[id, [field, value, …]]`. */
type RawEntry = [string, string[]];

function toEntry([id, fields]: RawEntry): LedgerEntry {
  const value = (name: string) => fields[fields.indexOf(name) + 1] ?? '';
  return { seq: Number(id.slice(id.indexOf('-') + 1)), at: Number(value('at')), kind: value('kind'), payload: value('payload') };
}

/**
 * The shared ledger for many server processes: one Redis stream per session. `XADD key 0-*` makes
 * Redis hand out the next `0-<n>` atomically, so every process appending to a session gets
 * gap-free numbers; `XRANGE (0-n +` resumes; a blocking `XREAD` on its own connection tails;
 * `MAXLEN ~` keeps the window (the first id left tells a reader it is behind). Commands are sent
 * raw (`sendCommand`): the wire of Redis 7 is the contract, not a client's option objects.
 */
export async function createRedisLedger(url: string, options: LedgerOptions & { prefix?: string } = {}): Promise<Ledger> {
  const window = options.window ?? DEFAULT_WINDOW;
  const prefix = options.prefix ?? 'suip';
  const client: Client = createClient({ url });
  client.on('error', () => undefined); // a lost connection surfaces in the command that needed it
  await client.connect();
  const key = (session: string) => `${prefix}:ledger:${session}`;
  const tails = new Set<() => Promise<void>>();
  const send = (args: string[]) => client.sendCommand(args) as Promise<unknown>;
  const range = async (session: string, fromSeq: number, limit: number): Promise<LedgerEntry[]> => {
    const raw = (await send(['XRANGE', key(session), `(0-${fromSeq}`, '+', 'COUNT', String(limit)])) as RawEntry[];
    return raw.map(toEntry);
  };
  return {
    async append(session, kind, payload, head) {
      checkSession(session);
      const args = ['MAXLEN', '~', String(window), '0-*', 'kind', kind, 'at', String(Date.now()), 'payload', payload];
      // With a head, the append and the head's update are one script: two writers cannot leave an older head behind.
      const id = (head === undefined ? await send(['XADD', key(session), ...args]) : await send(['EVAL', APPEND_WITH_HEAD, '2', key(session), `${prefix}:heads:${session}`, head, ...args])) as string;
      return Number(id.slice(id.indexOf('-') + 1));
    },
    async heads(session) {
      checkSession(session);
      const raw = (await send(['HGETALL', `${prefix}:heads:${session}`])) as string[] | Record<string, string>;
      const pairs = Array.isArray(raw) ? Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i]!, raw[2 * i + 1]!] as const) : Object.entries(raw);
      const heads: Record<string, LedgerHead> = {};
      for (const [name, value] of pairs) {
        const bar = value.indexOf('|');
        heads[name] = { seq: Number(value.slice(0, bar)), payload: value.slice(bar + 1) };
      }
      return heads;
    },
    async read(session, fromSeq, limit = 100_000) {
      checkSession(session);
      const entries = await range(session, fromSeq, limit);
      const first = (await send(['XRANGE', key(session), '-', '+', 'COUNT', '1'])) as RawEntry[];
      const oldest = first.length > 0 ? toEntry(first[0]!).seq : fromSeq + 1;
      return { entries, truncated: fromSeq + 1 < oldest };
    },
    async last(session) {
      checkSession(session);
      const raw = (await send(['XREVRANGE', key(session), '+', '-', 'COUNT', '1'])) as RawEntry[];
      return raw.length > 0 ? toEntry(raw[0]!).seq : 0;
    },
    tail(session, fromSeq, onEntry) {
      checkSession(session);
      let cursor = fromSeq;
      let running = true;
      const reader = client.duplicate();
      reader.on('error', () => undefined);
      const loop = (async () => {
        await reader.connect();
        while (running) {
          const reply = (await reader.sendCommand(['XREAD', 'COUNT', '1000', 'BLOCK', '500', 'STREAMS', key(session), `0-${cursor}`])) as Array<[string, RawEntry[]]> | Record<string, RawEntry[]> | null;
          // RESP2 answers [[key, entries]], RESP3 a map {key: entries}.
          const streams = reply === null ? [] : Array.isArray(reply) ? reply.map(([, entries]) => entries) : Object.values(reply);
          for (const entries of streams) {
            for (const raw of entries) {
              const entry = toEntry(raw);
              cursor = entry.seq;
              if (running) onEntry(entry);
            }
          }
        }
      })().catch(() => undefined);
      const stop = async () => {
        running = false;
        tails.delete(stop);
        await loop;
        await reader.close().catch(() => undefined);
      };
      tails.add(stop);
      return () => void stop();
    },
    async recordAction(session, actionKey) {
      checkSession(session);
      return (await send(['SADD', `${prefix}:actions:${session}`, actionKey])) === 1;
    },
    async close() {
      await Promise.all([...tails].map((stop) => stop()));
      await client.close();
    },
  };
}
