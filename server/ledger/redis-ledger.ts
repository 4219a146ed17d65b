import { createClient } from 'redis';
import {
  DEFAULT_QUOTA_BYTES,
  DEFAULT_WINDOW,
  LedgerError,
  checkItems,
  checkSession,
  limitOf,
  quotaError,
  releaseOf,
  type ActionKey,
  type AppendItem,
  type Ledger,
  type LedgerEntry,
  type LedgerHead,
  type LedgerOptions,
} from './ledger.ts';

/**
 * The whole multi-append as one script, so Redis runs it atomically (all or nothing, no other
 * command in between). KEYS: per item its stream, heads hash and meta hash (kept `bytes`, the
 * `actions` counter, `released`: pins acknowledged through it); then, with an action, its key set
 * (a sorted set scored by the counter) and meta hash. ARGV: window, quota, item count, action key
 * ('' for none), then per item kind, at, payload, head ('' for none), seqOf (1-based, 0 for none),
 * pin ('1' or ''), the bytes its session may hold (-1: no bound) and the release (0: none).
 * Answers {'OK', seq…}, {'DUP'} or {'QUOTA', item, kept, adding, limit}. Sizes are counted as
 * `sizeOf` / `headSizeOf` count them. Over its limit, a session's oldest entries are trimmed
 * (planned for every session first, applied only when all fit), never a pin not yet released.
 */
const APPEND_ALL = `local window, quota, n, actionKey = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), ARGV[4]
if actionKey ~= '' and redis.call('ZSCORE', KEYS[3 * n + 1], actionKey) then return {'DUP'} end
local function arg(i, k) return ARGV[5 + i * 8 + k] end
local function headSize(heads, name)
  local old = redis.call('HGET', heads, name)
  if not old then return 0 end
  return #name + #old - string.find(old, '|', 1, true)
end
local function field(fields, name)
  for j = 1, #fields, 2 do if fields[j] == name then return fields[j + 1] end end
  return nil
end
local function seqOfId(id) return tonumber(string.sub(id, string.find(id, '-', 1, true) + 1)) end
local adding, first = {}, {}
for i = 0, n - 1 do
  local kind, payload, head, seqOf = arg(i, 0), arg(i, 2), arg(i, 3), tonumber(arg(i, 4))
  local size = #kind + #payload
  if seqOf > 0 then size = size + 24 end
  if head ~= '' then size = size + #head + #payload - headSize(KEYS[3 * i + 2], head) end
  local meta = KEYS[3 * i + 3]
  if not adding[meta] then
    first[#first + 1] = meta
    adding[meta] = {i, 0, tonumber(arg(i, 6)), tonumber(arg(i, 7)), KEYS[3 * i + 1]}
  end
  adding[meta][2] = adding[meta][2] + size
end
local trims = {}
for _, meta in ipairs(first) do
  local a = adding[meta]
  local kept = tonumber(redis.call('HGET', meta, 'bytes') or '0')
  local released = math.max(a[4], tonumber(redis.call('HGET', meta, 'released') or '0'))
  local need = kept + a[2] - a[3]
  if a[3] >= 0 and need > 0 then
    local freed, through, cursor, stop = 0, nil, '-', false
    while not stop do
      local batch = redis.call('XRANGE', a[5], cursor, '+', 'COUNT', 100)
      if #batch == 0 then break end
      for _, old in ipairs(batch) do
        if field(old[2], 'pin') == '1' and seqOfId(old[1]) > released then stop = true; break end
        freed = freed + tonumber(field(old[2], 'size') or '0')
        through = seqOfId(old[1])
        if freed >= need then stop = true; break end
      end
      cursor = '(' .. batch[#batch][1]
    end
    if freed < need then return {'QUOTA', a[1], kept - freed, a[2], a[3]} end
    trims[#trims + 1] = {a[5], through, freed, meta}
  end
end
for _, meta in ipairs(first) do
  if adding[meta][4] > 0 then
    local before = tonumber(redis.call('HGET', meta, 'released') or '0')
    if adding[meta][4] > before then redis.call('HSET', meta, 'released', adding[meta][4]) end
  end
end
for _, t in ipairs(trims) do
  redis.call('XTRIM', t[1], 'MINID', '0-' .. (t[2] + 1))
  redis.call('HINCRBY', t[4], 'bytes', -t[3])
end
local seqs = {}
for i = 0, n - 1 do
  local kind, at, payload, head, seqOf = arg(i, 0), arg(i, 1), arg(i, 2), arg(i, 3), tonumber(arg(i, 4))
  local stream, heads, meta = KEYS[3 * i + 1], KEYS[3 * i + 2], KEYS[3 * i + 3]
  local size = #kind + #payload
  local stored = payload
  if seqOf > 0 then
    size = size + 24
    local rest = string.gsub(string.sub(payload, 2), '^%s+', '')
    local sep = ','
    if string.sub(rest, 1, 1) == '}' then sep = '' end
    stored = '{"seq":' .. seqs[seqOf] .. sep .. rest
  end
  local id
  if arg(i, 5) == '1' then
    id = redis.call('XADD', stream, '0-*', 'kind', kind, 'at', at, 'payload', stored, 'size', size, 'pin', '1')
  else
    id = redis.call('XADD', stream, '0-*', 'kind', kind, 'at', at, 'payload', stored, 'size', size)
  end
  local seq = seqOfId(id)
  seqs[#seqs + 1] = seq
  local delta = size
  if head ~= '' then
    delta = delta + #head + #payload - headSize(heads, head)
    redis.call('HSET', heads, head, seq .. '|' .. stored)
  end
  local len = redis.call('XLEN', stream)
  if len > window then
    for _, old in ipairs(redis.call('XRANGE', stream, '-', '+', 'COUNT', len - window)) do
      local fields = old[2]
      for j = 1, #fields, 2 do if fields[j] == 'size' then delta = delta - tonumber(fields[j + 1]) end end
    end
    redis.call('XTRIM', stream, 'MAXLEN', window)
  end
  redis.call('HINCRBY', meta, 'bytes', delta)
end
if actionKey ~= '' then
  local keys, meta = KEYS[3 * n + 1], KEYS[3 * n + 2]
  local count = redis.call('HINCRBY', meta, 'actions', 1)
  redis.call('ZADD', keys, count, actionKey)
  if count > window then redis.call('ZREMRANGEBYSCORE', keys, '-inf', count - window) end
end
return {'OK', unpack(seqs)}`;

type Client = ReturnType<typeof createClient>;

/** One tail: its own cursor on the shared read. */
interface Tail {
  cursor: number;
  onEntry: (entry: LedgerEntry) => void;
  stopped: boolean;
}

/** A stream entry as XRANGE / XREAD return it: `[id, [field, value, …]]`. */
type RawEntry = [string, string[]];

function toEntry([id, fields]: RawEntry): LedgerEntry {
  // Field names sit at even positions: a value that reads like a name is never taken for one.
  const value = (name: string) => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1]!;
    return '';
  };
  return { seq: Number(id.slice(id.indexOf('-') + 1)), at: Number(value('at')), kind: value('kind'), payload: value('payload') };
}

/**
 * The shared ledger for many server processes: one Redis stream per session. `XADD key 0-*` makes
 * Redis hand out the next `0-<n>` atomically, so every process appending to a session gets
 * gap-free numbers; `XRANGE (0-n +` resumes; one blocking `XREAD` on its own connection serves every tail;
 * the append script trims to the window exactly (`XTRIM MAXLEN`, counting the bytes it frees for the quota; the first id left tells a reader it is behind). Commands are sent
 * raw (`sendCommand`): the wire of Redis 7 is the contract, not a client's option objects.
 */
export async function createRedisLedger(url: string, options: LedgerOptions & { prefix?: string } = {}): Promise<Ledger> {
  const window = options.window ?? DEFAULT_WINDOW;
  const quota = options.quotaBytes ?? DEFAULT_QUOTA_BYTES;
  const prefix = options.prefix ?? 'suip';
  const client: Client = createClient({ url });
  client.on('error', () => undefined); // a lost connection surfaces in the command that needed it
  await client.connect();
  const key = (session: string) => `${prefix}:ledger:${session}`;
  // Every tail of this ledger is served by ONE connection blocked in one XREAD over all tailed
  // streams (from the lowest cursor of each), not a connection per tail: 1,000 tails on a process
  // cost one Redis client. A new tail interrupts the block (CLIENT UNBLOCK) to join at once.
  const tailsBy = new Map<string, Set<Tail>>();
  let reader: Client | undefined;
  let readerId: string | undefined;
  let reading: Promise<void> | undefined;
  let blocked = false;
  let closed = false;
  const send = (args: string[]) => client.sendCommand(args) as Promise<unknown>;
  const range = async (session: string, fromSeq: number, limit: number): Promise<LedgerEntry[]> => {
    const raw = (await send(['XRANGE', key(session), `(0-${fromSeq}`, '+', 'COUNT', String(limit)])) as RawEntry[];
    return raw.map(toEntry);
  };
  function startReading(): void {
    if (closed) return;
    if (reading !== undefined) {
      if (blocked && readerId !== undefined) void send(['CLIENT', 'UNBLOCK', readerId]).catch(() => undefined);
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
      const ids = sessions.map((session) => `0-${Math.min(...[...tailsBy.get(session)!].map((tail) => tail.cursor))}`);
      blocked = true;
      let reply: Array<[string, RawEntry[]]> | Record<string, RawEntry[]> | null;
      try {
        reply = (await reader.sendCommand(['XREAD', 'COUNT', '1000', 'BLOCK', '500', 'STREAMS', ...sessions.map(key), ...ids])) as typeof reply;
      } finally {
        blocked = false;
      }
      // RESP2 answers [[key, entries]], RESP3 a map {key: entries}.
      const streams = reply === null ? [] : Array.isArray(reply) ? reply : Object.entries(reply);
      for (const [streamKey, entries] of streams) {
        const own = tailsBy.get(String(streamKey).slice(key('').length));
        for (const raw of entries) {
          const entry = toEntry(raw);
          for (const tail of own ?? []) {
            if (tail.stopped || entry.seq <= tail.cursor) continue;
            tail.cursor = entry.seq;
            tail.onEntry(entry);
          }
        }
      }
    }
  }

  // SECURITY: APPEND_ALL holds the quota and the action-key bound (see the script's comment).
  /** One EVAL of APPEND_ALL; a failure of Redis itself becomes STORE_FAILED (the script ran whole or not at all). */
  async function appendAll(items: readonly AppendItem[], action?: ActionKey): Promise<number[] | null> {
    checkItems(items, action);
    const keys = items.flatMap((item) => [key(item.session), `${prefix}:heads:${item.session}`, `${prefix}:meta:${item.session}`]);
    if (action !== undefined) keys.push(`${prefix}:action-keys:${action.session}`, `${prefix}:meta:${action.session}`);
    const at = String(Date.now());
    const args = items.flatMap((item) => {
      const limit = limitOf(items, item.session, quota);
      const seqOf = String(item.seqOf === undefined ? 0 : item.seqOf + 1);
      const bound = String(limit === Infinity ? -1 : limit);
      const release = String(releaseOf(items, item.session) ?? 0);
      return [item.kind, at, item.payload, item.head ?? '', seqOf, item.pin ? '1' : '', bound, release];
    });
    let reply: Array<string | number>;
    try {
      reply = (await send(['EVAL', APPEND_ALL, String(keys.length), ...keys, String(window), String(quota), String(items.length), action?.key ?? '', ...args])) as Array<string | number>;
    } catch (error) {
      throw new LedgerError('STORE_FAILED', `the Redis ledger could not append (${error instanceof Error ? error.message : String(error)}); nothing of it was recorded: retry it`);
    }
    if (reply[0] === 'DUP') return null;
    if (reply[0] === 'QUOTA') {
      const item = items[Number(reply[1])]!;
      throw quotaError(item.session, Number(reply[2]), Number(reply[3]), quota, Number(reply[4]));
    }
    return reply.slice(1).map(Number);
  }

  return {
    async append(session, kind, payload, head) {
      return (await appendAll([{ session, kind, payload, ...(head === undefined ? {} : { head }) }]))![0]!;
    },
    appendAll: (items, action) => appendAll(items, action),
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
      const tail: Tail = { cursor: fromSeq, onEntry, stopped: false };
      let set = tailsBy.get(session);
      if (set === undefined) tailsBy.set(session, (set = new Set()));
      set.add(tail);
      startReading();
      return () => {
        tail.stopped = true;
        const own = tailsBy.get(session);
        own?.delete(tail);
        if (own?.size === 0) tailsBy.delete(session);
      };
    },
    async recordAction(session, actionKey) {
      return (await appendAll([], { session, key: actionKey })) !== null;
    },
    async usage(session) {
      checkSession(session);
      return { bytes: Number((await send(['HGET', `${prefix}:meta:${session}`, 'bytes'])) ?? 0), quotaBytes: quota };
    },
    async close() {
      closed = true;
      tailsBy.clear();
      if (readerId !== undefined) await send(['CLIENT', 'UNBLOCK', readerId]).catch(() => undefined);
      await reading;
      await reader?.close().catch(() => undefined);
      await client.close();
    },
  };
}
