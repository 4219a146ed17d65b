import { createClient, createCluster } from 'redis';
import {
  DEFAULT_QUOTA_BYTES,
  DEFAULT_WINDOW,
  LedgerError,
  checkItems,
  checkSession,
  limitOf,
  quotaError,
  releaseOf,
} from './ledger.ts';
import type { ActionKey, AppendItem, Ledger, LedgerEntry, LedgerHead, LedgerOptions } from './ledger.ts';
import { clusterTails } from './redis-cluster-tails.ts';
import { redisKeys, toEntry, type RawEntry, type RedisTails } from './redis-keys.ts';
import { serverTails } from './redis-tail-reader.ts';

/**
 * The whole multi-append as one script, so Redis runs it atomically (all or nothing, no other
 * command in between). KEYS: per item its stream, heads hash and meta hash (kept `bytes`, the
 * `actions` counter, `released`: pins acknowledged through it); then, with an action, its key set
 * (a sorted set scored by the counter) and meta hash. ARGV: window, quota, item count, action key
 * ('' for none), then per item kind, at, payload, head ('' for none), seqOf (1-based, 0 for none),
 * pin ('1' or ''), the bytes its session may hold (-1: no bound) and the release (0: none); then
 * per item the sharded channel its new number is announced on (cluster tails listen there; in the
 * item's slot). Answers {'OK', seq…}, {'DUP'} or {'QUOTA', item, kept, adding, limit}. Sizes are
 * counted as `sizeOf` / `headSizeOf` count them. Over its limit, a session's oldest entries are
 * trimmed (planned for every session first, applied only when all fit), never a pin not yet released.
 * A head several items replace frees its stored size once (`planned`: the size the call left it at).
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
local adding, first, planned = {}, {}, {}
for i = 0, n - 1 do
  local kind, payload, head, seqOf = arg(i, 0), arg(i, 2), arg(i, 3), tonumber(arg(i, 4))
  local size = #kind + #payload
  if seqOf > 0 then size = size + 24 end
  if head ~= '' then
    local seen = planned[KEYS[3 * i + 2]] or {}
    planned[KEYS[3 * i + 2]] = seen
    size = size + #head + #payload - (seen[head] or headSize(KEYS[3 * i + 2], head))
    seen[head] = #head + #payload
  end
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
  redis.call('SPUBLISH', arg(n, i), seq)
end
if actionKey ~= '' then
  local keys, meta = KEYS[3 * n + 1], KEYS[3 * n + 2]
  local count = redis.call('HINCRBY', meta, 'actions', 1)
  redis.call('ZADD', keys, count, actionKey)
  if count > window then redis.call('ZREMRANGEBYSCORE', keys, '-inf', count - window) end
end
return {'OK', unpack(seqs)}`;

/**
 * Where the Redis ledger lives: one server's URL, or a Redis Cluster's node URLs (any reachable node lets the client
 * find the rest).
 */
export type RedisTarget = string | { cluster: readonly string[] };

/** One Redis or one Redis Cluster, seen as the ledger uses it: a command routed by its first key, and the tails. */
interface Store {
  send(firstKey: string, args: string[]): Promise<unknown>;
  tails: RedisTails;
  close(): Promise<void>;
}

/** A client for one server, its tails the XREAD reader. */
async function serverStore(url: string, keys: ReturnType<typeof redisKeys>): Promise<Store> {
  const client = createClient({ url });
  client.on('error', () => undefined); // a lost connection surfaces in the command that needed it
  await client.connect();
  const tails = serverTails(client, keys);
  return {
    send: (_key, args) => client.sendCommand(args) as Promise<unknown>,
    tails,
    async close() {
      await tails.close();
      await client.close();
    },
  };
}

/**
 * The `redis` package's cluster client: it learns the slot map from any node, follows `MOVED` and
 * `ASK`, and reconnects and relearns the map when a primary fails over. Credentials and TLS come
 * from the first URL and apply to every node (the client connects to nodes it discovers, not
 * only to the URLs given).
 */
async function clusterStore(urls: readonly string[], keys: ReturnType<typeof redisKeys>): Promise<Store> {
  if (urls.length === 0) throw new Error('a Redis Cluster needs at least one node URL (redis://host:port)');
  const first = new URL(urls[0]!);
  const defaults = {
    // A command for a node that is down fails at once instead of waiting in that node's queue:
    // after a failover the node never comes back, and a queued append or read would wait forever.
    // The append answers STORE_FAILED (resend), a tail's read is retried by its sweep.
    disableOfflineQueue: true,
    ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
    ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
    ...(first.protocol === 'rediss:' ? { socket: { tls: true as const } } : {}),
  };
  const cluster = createCluster({ rootNodes: urls.map((url) => ({ url })), defaults });
  cluster.on('error', () => undefined); // as above: the command that needed the node fails, the client recovers
  await cluster.connect();
  const tails = clusterTails(cluster, keys);
  return {
    send: (key, args) => cluster.sendCommand(key, false, args) as Promise<unknown>,
    tails,
    async close() {
      await tails.close();
      await cluster.close();
    },
  };
}

/**
 * The shared ledger for many server processes: one Redis stream per ledger session, on one
 * redis-server (`url`) or a Redis Cluster (`{ cluster: urls }`). `XADD key 0-*` makes Redis hand
 * out the next `0-<n>` atomically, so every process appending to a session gets gap-free numbers;
 * `XRANGE (0-n +` resumes; the append script trims to the window exactly (`XTRIM MAXLEN`,
 * counting the bytes it frees for the quota; the first id left tells a reader it is behind). A
 * session's keys share one hash slot (`redis-keys.ts`), so the script runs on a cluster too.
 * Commands are sent raw (`sendCommand`): the wire of Redis 7 is the contract, not a client's
 * option objects.
 */
export async function createRedisLedger(
  target: RedisTarget,
  options: LedgerOptions & { prefix?: string } = {},
): Promise<Ledger> {
  const window = options.window ?? DEFAULT_WINDOW;
  const quota = options.quotaBytes ?? DEFAULT_QUOTA_BYTES;
  const keys = redisKeys(options.prefix ?? 'suip');
  const store = typeof target === 'string' ? await serverStore(target, keys) : await clusterStore(target.cluster, keys);
  // A read Redis could not answer (a primary failing over: "The client is offline", CLUSTERDOWN)
  // is STORE_FAILED like a failed append, so the agent gets a retryable 503, not a 500.
  const send = async (args: string[]): Promise<unknown> => {
    try {
      return await store.send(args[1]!, args);
    } catch (error) {
      throw new LedgerError(
        'STORE_FAILED',
        `the Redis ledger could not read (${error instanceof Error ? error.message : String(error)}); ` +
          'nothing changed: retry it',
      );
    }
  };
  const range = async (
    session: string,
    from: string,
    to: string,
    limit: number,
    command = 'XRANGE',
  ): Promise<LedgerEntry[]> => {
    const raw = (await send([command, keys.stream(session), from, to, 'COUNT', String(limit)])) as RawEntry[];
    return raw.map(toEntry);
  };

  // SECURITY: APPEND_ALL holds the quota and the action-key bound (see the script's comment).
  /** One EVAL of APPEND_ALL; a failure of Redis itself becomes STORE_FAILED (the script ran whole or not at all). */
  async function appendAll(items: readonly AppendItem[], action?: ActionKey): Promise<number[] | null> {
    checkItems(items, action);
    const scriptKeys = items.flatMap((item) => [
      keys.stream(item.session),
      keys.heads(item.session),
      keys.meta(item.session),
    ]);
    if (action !== undefined) scriptKeys.push(keys.actionKeys(action.session), keys.meta(action.session));
    const at = String(Date.now());
    const args = items.flatMap((item) => {
      const limit = limitOf(items, item.session, quota);
      const seqOf = String(item.seqOf === undefined ? 0 : item.seqOf + 1);
      const bound = String(limit === Infinity ? -1 : limit);
      const release = String(releaseOf(items, item.session) ?? 0);
      return [item.kind, at, item.payload, item.head ?? '', seqOf, item.pin ? '1' : '', bound, release];
    });
    const channels = items.map((item) => keys.appended(item.session));
    let reply: Array<string | number>;
    try {
      const argv = [String(window), String(quota), String(items.length), action?.key ?? '', ...args, ...channels];
      reply = (await store.send(scriptKeys[0]!, [
        'EVAL',
        APPEND_ALL,
        String(scriptKeys.length),
        ...scriptKeys,
        ...argv,
      ])) as Array<string | number>;
    } catch (error) {
      throw new LedgerError(
        'STORE_FAILED',
        `the Redis ledger could not append ` +
          `(${error instanceof Error ? error.message : String(error)}); nothing of ` +
          `it was recorded: retry it`,
      );
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
      return headsOf((await send(['HGETALL', keys.heads(session)])) as string[] | Record<string, string>);
    },
    async read(session, fromSeq, limit = 100_000) {
      checkSession(session);
      const entries = await range(session, `(0-${fromSeq}`, '+', limit);
      const first = await range(session, '-', '+', 1);
      const oldest = first.length > 0 ? first[0]!.seq : fromSeq + 1;
      return { entries, truncated: fromSeq + 1 < oldest };
    },
    async last(session) {
      checkSession(session);
      const newest = await range(session, '+', '-', 1, 'XREVRANGE');
      return newest.length > 0 ? newest[0]!.seq : 0;
    },
    tail(session, fromSeq, onEntry) {
      checkSession(session);
      return store.tails.tail(session, fromSeq, onEntry);
    },
    async recordAction(session, actionKey) {
      return (await appendAll([], { session, key: actionKey })) !== null;
    },
    async usage(session) {
      checkSession(session);
      return { bytes: Number((await send(['HGET', keys.meta(session), 'bytes'])) ?? 0), quotaBytes: quota };
    },
    close: () => store.close(),
  };
}

/** A session's heads from `HGETALL` (a flat array on RESP2, a map on RESP3), each stored as `<seq>|<payload>`. */
function headsOf(raw: string[] | Record<string, string>): Record<string, LedgerHead> {
  const pairs = Array.isArray(raw)
    ? Array.from({ length: raw.length / 2 }, (_, i) => [raw[2 * i]!, raw[2 * i + 1]!] as const)
    : Object.entries(raw);
  const heads: Record<string, LedgerHead> = {};
  for (const [name, value] of pairs) {
    const bar = value.indexOf('|');
    heads[name] = { seq: Number(value.slice(0, bar)), payload: value.slice(bar + 1) };
  }
  return heads;
}
