import { Worker } from 'node:worker_threads';

/**
 * Firefox has no CDP, so the host's main-thread CPU is read from Linux instead: Firefox puts every
 * page of one site (here 127.0.0.1, with its opaque-origin sandbox frames) in an "Isolated Web Co"
 * content process, and that process's main thread is the thread whose id is the process id.
 * `/proc/<pid>/task/<pid>/schedstat` counts its time on a CPU in nanoseconds; time spent waiting for
 * a core that other processes hold is not counted, so a loaded machine cannot inflate it.
 *
 * One sampler thread per test worker, started at first use and kept: every ~2 ms it adds up the
 * main-thread CPU of every such process under this test worker (Playwright launched the browser as
 * its descendant; rescanned every 100 ms, since each test's context may get a new process), a sum
 * that never decreases (an ended process keeps its last figure). Summing every site process can
 * only overstate the host's CPU, never hide it.
 */
const SAMPLER = `
const { workerData } = require('node:worker_threads');
const { readFileSync, readdirSync } = require('node:fs');
const { root, comm, buffer } = workerData;
const samples = new Float64Array(buffer);
const sleeper = new Int32Array(new SharedArrayBuffer(4));
const last = new Map();
let threads = [];
const scan = () => {
  const parent = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync('/proc/' + entry + '/stat', 'utf8');
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {}
  }
  const found = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of parent) if (!found.has(pid) && found.has(ppid)) { found.add(pid); grew = true; }
  }
  threads = [];
  for (const pid of found) {
    try { if (readFileSync('/proc/' + pid + '/comm', 'utf8').trim() === comm) threads.push(pid); } catch {}
  }
};
const cpu = () => {
  for (const pid of threads) {
    try { last.set(pid, Number(readFileSync('/proc/' + pid + '/task/' + pid + '/schedstat', 'utf8').split(' ')[0])); } catch {}
  }
  let sum = 0;
  for (const ns of last.values()) sum += ns;
  return sum / 1e6;
};
const slots = (samples.length - 1) / 2;
let lastScan = 0;
for (let n = 0; ; n += 1) {
  const now = performance.timeOrigin + performance.now();
  if (now - lastScan > 100) { scan(); lastScan = now; }
  const i = n % slots;
  samples[1 + 2 * i] = now; samples[2 + 2 * i] = cpu(); samples[0] = n + 1;
  Atomics.wait(sleeper, 0, 0, 2);
}
`;

/** Samples kept: ten minutes at 2 ms, in a ring. */
const SLOTS = 300_000;

const shared = new Map<string, Float64Array>();

/**
 * The sampler of the processes named `comm` below `root`, one per pair for this process's life:
 * [count, then (epoch ms, summed CPU ms) pairs in a ring].
 */
function sampler(root: number, comm: string): Float64Array {
  const key = `${root}/${comm}`;
  let samples = shared.get(key);
  if (samples === undefined) {
    const buffer = new SharedArrayBuffer(8 * (1 + 2 * SLOTS));
    const worker = new Worker(SAMPLER, { eval: true, workerData: { root, comm, buffer } });
    // It runs for the test worker's life and must not keep the process alive.
    worker.unref();
    shared.set(key, (samples = new Float64Array(buffer)));
  }
  return samples;
}

/** The host's main-thread CPU over time, from the moment it was asked for. */
export interface ThreadCpuSampler {
  /** CPU ms the threads used from `from` to `to` (epoch ms), widened to whole samples: never less. */
  between(from: number, to: number): number;
  /** CPU ms since this meter started. */
  total(): number;
}

/**
 * A meter on this test worker's Firefox site processes, from now on: settles once the sampler has
 * a sample (its thread starts slowly on a loaded machine).
 */
export function startFirefoxThreadCpu(): Promise<ThreadCpuSampler> {
  return startThreadCpu(process.pid, 'Isolated Web Co');
}

/**
 * A meter on the main threads of the processes named `comm` (as `/proc/<pid>/comm` shows it, 15
 * characters at most) that descend from process `root`, from now on. Firefox's site processes
 * descend from the test worker; WebKitGTK's web process (`WebKitWebProces`) from its WebDriver.
 */
export async function startThreadCpu(root: number, comm: string): Promise<ThreadCpuSampler> {
  const samples = sampler(root, comm);
  while (samples[0] === 0) await new Promise((resolve) => setTimeout(resolve, 5));
  const count = () => samples[0]!;
  const first = count() - 1;
  const at = (n: number) => ({ t: samples[1 + 2 * (n % SLOTS)]!, cpu: samples[2 + 2 * (n % SLOTS)]! });
  const start = at(first).cpu;
  return {
    between(from, to) {
      const end = count() - 1;
      let lo = Math.max(0, end - SLOTS + 1);
      // Before the oldest sample kept nothing is known: no bound.
      if (at(lo).t > from) return Number.POSITIVE_INFINITY;
      // The last sample at or before `from`, the first at or after `to`.
      while (lo < end && at(lo + 1).t <= from) lo += 1;
      let hi = lo;
      while (hi < end && at(hi).t < to) hi += 1;
      return at(hi).t < to ? Number.POSITIVE_INFINITY : at(hi).cpu - at(lo).cpu;
    },
    total: () => at(count() - 1).cpu - start,
  };
}
