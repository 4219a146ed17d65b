import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { listeningUrl } from './live-channel-child.ts';

/**
 * Where the live channel's memory per subscriber goes (`node --import tsx bench/live-channel-heap.ts
 * [--server=memory|raw] [--few=100] [--many=1100] [--top=40] [--detail]`): the bench's server child
 * (`live-channel.ts --serve`, run as shipped) writes a V8 heap snapshot on SIGUSR2 (a snapshot
 * collects garbage first) with `few` and then with `many` subscribers of one session; the two are
 * diffed by node type and name (a constructor, a closure's function, `system / Context`, an
 * array's kind), printing per subscriber what each group gained: objects and bytes. What
 * `live-channel.ts` reads as a slope of heap + external memory, this names (issue 43). Loopback
 * only; the child and the snapshots are removed when it ends.
 */

const option = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const SERVER = option('server') ?? 'memory';
const FEW = Number(option('few') ?? 100);
const MANY = Number(option('many') ?? 1100);
const TOP = Number(option('top') ?? 40);
const DETAIL = process.argv.includes('--detail');
const AGENT = 'bench-agent-token';
const BENCH = fileURLToPath(new URL('./live-channel.ts', import.meta.url));
const AS_SHIPPED = fileURLToPath(new URL('./ts-as-shipped.mjs', import.meta.url));

/**
 * Object count and self bytes per group of one snapshot: `type name`, and for plain objects and
 * strings (with `--detail`) their property names or their first characters, which tell apart
 * what `Object` and `string` lump together.
 */
function groups(file: string): Map<string, { count: number; bytes: number }> {
  const snapshot = JSON.parse(readFileSync(file, 'utf8')) as {
    snapshot: {
      meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] };
    };
    nodes: number[];
    edges: number[];
    strings: string[];
  };
  const { meta } = snapshot.snapshot;
  const fields = meta.node_fields;
  const types = meta.node_types[0];
  const edgeTypes = meta.edge_types[0];
  const at = (f: string) => fields.indexOf(f);
  const [typeAt, nameAt, sizeAt, edgesAt] = [at('type'), at('name'), at('self_size'), at('edge_count')] as [
    number,
    number,
    number,
    number,
  ];
  const out = new Map<string, { count: number; bytes: number }>();
  const { nodes, strings, edges } = snapshot;
  const edgeWidth = meta.edge_fields.length;
  let edge = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + typeAt]!]!;
    const count = nodes[i + edgesAt]!;
    const raw = strings[nodes[i + nameAt]!]!;
    let name = raw.slice(0, 60);
    if (type === 'string' || type === 'concatenated string') name = DETAIL ? JSON.stringify(raw.slice(0, 16)) : '';
    else if (DETAIL && type === 'object' && (raw === 'Object' || raw === 'Array')) {
      const props: string[] = [];
      for (let e = 0; e < count; e += 1) {
        const base = edge + e * edgeWidth;
        if (edgeTypes[edges[base]!] === 'property') props.push(strings[edges[base + 1]!]!);
      }
      name = `${raw} {${props.join(',').slice(0, 80)}}`;
    }
    edge += count * edgeWidth;
    const key = `${type} ${name}`;
    const group = out.get(key) ?? { count: 0, bytes: 0 };
    group.count += 1;
    group.bytes += nodes[i + sizeAt]!;
    out.set(key, group);
  }
  return out;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'suip-heap-'));
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--heapsnapshot-signal=SIGUSR2', '--import', AS_SHIPPED, BENCH, '--serve', SERVER],
    { cwd: dir, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const sockets: WebSocket[] = [];
  try {
    const url = await listeningUrl(child, 'the server');
    const created = (await (
      await fetch(`${url}/api/sessions`, { method: 'POST', headers: { authorization: `Bearer ${AGENT}` }, body: '{}' })
    ).json()) as { sessionId: string; wsToken: string };
    const subscribe = () =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${url.replace('http', 'ws')}/ws`);
        ws.once('open', () =>
          ws.send(
            JSON.stringify({ type: 'subscribe', payload: { sessionId: created.sessionId, wsToken: created.wsToken } }),
          ),
        );
        ws.once('message', () => resolve(ws));
        ws.once('error', reject);
      });
    // 25 at a time: a server holds at most 32 unauthenticated sockets per address.
    const connect = async (n: number) => {
      for (let i = 0; i < n; i += 25)
        sockets.push(...(await Promise.all(Array.from({ length: Math.min(25, n - i) }, subscribe))));
    };
    // The snapshot is read once it parses: the child writes it in pieces, with pauses under load.
    const snap = async (): Promise<ReturnType<typeof groups>> => {
      const before = new Set(readdirSync(dir));
      child.kill('SIGUSR2');
      for (;;) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        const made = readdirSync(dir).find((f) => f.endsWith('.heapsnapshot') && !before.has(f));
        if (made === undefined) continue;
        try {
          return groups(join(dir, made));
        } catch (error) {
          if (!(error instanceof SyntaxError)) throw error;
        }
      }
    };
    await connect(FEW);
    const few = await snap();
    await connect(MANY - FEW);
    const many = await snap();
    const per = MANY - FEW;
    const rows = [...many]
      .map(([key, m]) => {
        const f = few.get(key) ?? { count: 0, bytes: 0 };
        return { key, count: (m.count - f.count) / per, bytes: (m.bytes - f.bytes) / per };
      })
      .filter((row) => Math.abs(row.bytes) >= 1)
      .sort((a, b) => b.bytes - a.bytes);
    const total = rows.reduce((sum, row) => sum + row.bytes, 0);
    console.log(`${SERVER}: ${total.toFixed(0)} bytes of heap per subscriber (${FEW} → ${MANY}), by group:`);
    for (const row of rows.slice(0, TOP))
      console.log(`${row.bytes.toFixed(1).padStart(8)} B ${row.count.toFixed(2).padStart(6)} objects  ${row.key}`);
  } finally {
    for (const ws of sockets) ws.terminate();
    child.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
