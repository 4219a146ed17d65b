/**
 * Firefox channel probe (issue 44, item 4): where a program's message flood lands decides whether the
 * relay's `rate` budget or the heartbeat ends it, and what the host's thread pays. A bare page, not
 * suip's relay: a host page with one `sandbox="allow-scripts"` srcdoc frame whose script is either
 *   - `port`: today's shape, the program's Worker posting on a MessagePort owned by the frame's thread
 *     (the host's thread in Firefox), the frame spending a 1,000/s budget and pinging every 200 ms;
 *   - `nested`: the program's Worker started inside a trusted gate Worker and posting only on its own
 *     `self.postMessage`; the gate spends the same budget and heartbeat and forwards at most 32 texts
 *     per 16 ms to the frame;
 *   - `quiet`: the nested shape with a program that sends 10 messages (the control).
 * Attacks: `flood` (200,000 posts, then idle) and `spin` (posting forever). Not part of `npm test`.
 *
 * Usage: node e2e/firefox/firefox-channel-probe.mjs [runs=3] [modes]
 * (modes: quiet:flood,port:flood,nested:flood,port:spin,nested:spin by default;
 * SUIP_PROBE_PORT picks the page server's port, 0 by default; SUIP_FIREFOX_BIN as for the wrapper.)
 * Prints one JSON line per run: how the program ended and when, the host's longest timer gap, and the
 * CPU of the host's content-process main thread within that gap and over the whole window (read
 * from Linux as e2e/helpers/firefox-thread-cpu.ts does, so a loaded machine does not inflate it).
 */
import fs from 'node:fs';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { firefox } from '@playwright/test';

/** The program: answers pings on its channel, then floods it (`count` posts, or forever). */
function program(count) {
  let channel;
  const post = (message) => (channel ? channel.postMessage(message) : self.postMessage(message));
  const flood = () => {
    for (let i = 0; i < count; i++) post(`{"jsonrpc":"2.0","method":"x","params":{"i":${i}}}`);
  };
  self.onmessage = (event) => {
    if (event.data?.boot) {
      channel = event.ports[0];
      if (channel) channel.onmessage = (ping) => ping.data === 'ping' && channel.postMessage('pong');
      setTimeout(flood, 100);
    } else if (event.data === 'ping') self.postMessage('pong');
  };
}

/** A token bucket of `perSecond` with as much burst (shared/rate-budget.ts's rule). */
function budget(perSecond) {
  let tokens = perSecond;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(perSecond, tokens + ((now - last) * perSecond) / 1000);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/**
 * Watches one program: each message spends the budget, a pong renews the heartbeat (200 ms pings,
 * 1 s timeout); the first breach ends it. Returns the message handler.
 */
function supervise(budgetSource, ping, onData, onEnd) {
  const take = eval(`(${budgetSource})`)(1000);
  let dead = false;
  let count = 0;
  let lastPong = performance.now();
  const timer = setInterval(() => (performance.now() - lastPong > 1000 ? end('heartbeat') : ping()), 200);
  const end = (reason) => {
    if (dead) return;
    dead = true;
    clearInterval(timer);
    onEnd(reason, count);
  };
  return {
    end,
    onMessage(data) {
      if (dead) return;
      if (data === 'pong') lastPong = performance.now();
      else if (((count += 1), !take())) end('rate');
      else onData(data);
    },
  };
}

/** The trusted gate Worker of the `nested` shape. */
function gate(programSource, supervisorSource, budgetSource, quiet) {
  const program = new Worker(URL.createObjectURL(new Blob([programSource], { type: 'text/javascript' })));
  const queue = [];
  const watch = eval(`(${supervisorSource})`)(
    budgetSource,
    () => program.postMessage('ping'),
    (data) => queue.push(data),
    (reason, count) => (program.terminate(), self.postMessage({ end: reason, count })),
  );
  program.onmessage = (event) => watch.onMessage(event.data);
  setInterval(() => queue.length > 0 && self.postMessage({ data: queue.splice(0, 32) }), 16);
  program.postMessage({ boot: true });
  if (quiet) setTimeout(() => watch.end('quiet'), 1500);
}

/** The sandbox frame's script: starts the program in `mode` and reports how it ended to the host. */
function relay(mode, sources) {
  const started = performance.now();
  const report = (result) =>
    parent.postMessage({ probe: true, since: Math.round(performance.now() - started), ...result }, '*');
  const blobWorker = (source) => new Worker(URL.createObjectURL(new Blob([source], { type: 'text/javascript' })));
  if (mode === 'port') {
    const worker = blobWorker(sources.program);
    const { port1, port2 } = new MessageChannel();
    const watch = eval(`(${sources.supervise})`)(
      sources.budget,
      () => port1.postMessage('ping'),
      () => undefined,
      (reason, count) => (worker.terminate(), port1.close(), report({ reason, count })),
    );
    port1.onmessage = (event) => watch.onMessage(event.data);
    worker.postMessage({ boot: true }, [port2]);
    return;
  }
  const gateWorker = blobWorker(sources.gate);
  let forwarded = 0;
  gateWorker.onmessage = (event) => {
    if (event.data.end) report({ reason: event.data.end, count: event.data.count, forwarded });
    else forwarded += event.data.data.length;
  };
}

/** In the host page: 1 s idle, then one run of `mode`; the host's timer gaps over 15 ms, in epoch ms. */
function hostRun(mode, relaySource) {
  return new Promise((resolve) => {
    const gaps = [];
    let last = performance.now();
    let stop = false;
    const epoch = (t) => performance.timeOrigin + t;
    const tick = () => {
      const now = performance.now();
      if (now - last > 15) gaps.push([epoch(last), epoch(now)]);
      last = now;
      if (!stop) setTimeout(tick, 0);
    };
    tick();
    setTimeout(() => {
      const idle = Math.round(Math.max(0, ...gaps.map(([a, b]) => b - a)));
      gaps.length = 0;
      const frame = document.createElement('iframe');
      frame.sandbox = 'allow-scripts';
      const start = performance.now();
      let result;
      const finish = () => {
        stop = true;
        frame.remove();
        resolve({ mode, idle, gaps, from: epoch(start), to: epoch(performance.now()), ...result });
      };
      addEventListener('message', (event) => {
        if (!event.data?.probe || result !== undefined) return;
        result = event.data;
        setTimeout(finish, 1500);
      });
      setTimeout(() => result ?? ((result = { reason: 'not ended within 30 s' }), finish()), 30_000);
      frame.srcdoc = `<script>${relaySource}<\/script>`;
      document.body.append(frame);
    }, 1000);
  });
}

/** The frame's script for `mode` ("port:flood", "nested:spin", "quiet:flood"...). */
function relaySourceFor(probeMode) {
  const [mode, attack] = probeMode.split(':');
  const count = mode === 'quiet' ? 10 : attack === 'spin' ? 'Infinity' : 200_000;
  const programSource = `(${program})(${count});`;
  const sources = {
    program: programSource,
    supervise: String(supervise),
    budget: String(budget),
    gate: `(${gate})(${JSON.stringify(programSource)}, ${JSON.stringify(String(supervise))}, ${JSON.stringify(
      String(budget),
    )}, ${mode === 'quiet'});`,
  };
  return `(${relay})(${JSON.stringify(mode)}, ${JSON.stringify(sources)});`;
}

/** The main-thread CPU (ms) of every "Isolated Web Co" process under this one, sampled every ~2 ms. */
function startCpuSampler() {
  const parents = () => {
    const parent = new Map();
    for (const entry of fs.readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
        parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
      } catch {}
    }
    return parent;
  };
  const contentThreads = () => {
    const parent = parents();
    const found = new Set([process.pid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const [pid, ppid] of parent) if (!found.has(pid) && found.has(ppid) && found.add(pid)) grew = true;
    }
    const comm = (pid) => fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return [...found].filter((pid) => {
      try {
        return comm(pid) === 'Isolated Web Co';
      } catch {
        return false;
      }
    });
  };
  const samples = [];
  let threads = [];
  const read = (pid) => Number(fs.readFileSync(`/proc/${pid}/task/${pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
  const cpu = () => threads.reduce((sum, pid) => sum + (fs.existsSync(`/proc/${pid}`) ? read(pid) : 0), 0);
  setInterval(() => samples.push([performance.timeOrigin + performance.now(), cpu()]), 2).unref();
  const before = (t) => samples.findLast(([at]) => at <= t)?.[1] ?? samples[0][1];
  const after = (t) => samples.find(([at]) => at >= t)?.[1] ?? samples.at(-1)[1];
  return {
    reset: () => ((threads = contentThreads()), (samples.length = 0)),
    /** CPU within [from, to], widened to whole samples (never less than the truth). */
    within: (from, to) => Math.round(after(to) - before(from)),
  };
}

const runs = Number(process.argv[2] ?? 3);
const modes = (process.argv[3] ?? 'quiet:flood,port:flood,nested:flood,port:spin,nested:spin').split(',');
const server = http
  .createServer((_, response) => response.setHeader('content-type', 'text/html').end('<!doctype html><body>'))
  .listen(Number(process.env.SUIP_PROBE_PORT ?? 0), '127.0.0.1');
await new Promise((resolve) => server.once('listening', resolve));
const browser = await firefox.launch({
  executablePath: fileURLToPath(new URL('./firefox-esr-bidi.mjs', import.meta.url)),
  channel: 'moz-firefox',
});
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${server.address().port}/`);
const sampler = startCpuSampler();
for (let run = 0; run < runs; run++)
  for (const mode of modes) {
    sampler.reset();
    const {
      gaps,
      from,
      to,
      probe: _probe,
      ...result
    } = await page.evaluate(
      ([source, relaySource]) => eval(`(${source})`)(...relaySource),
      [String(hostRun), [mode, relaySourceFor(mode)]],
    );
    const measured = gaps.map(([a, b]) => ({ wall: Math.round(b - a), cpu: sampler.within(a, b) }));
    const worst = measured.reduce((max, gap) => (gap.wall > max.wall ? gap : max), { wall: 0, cpu: 0 });
    const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const hostCpu = { worstGap: worst, maxGapCpu: Math.max(0, ...measured.map((gap) => gap.cpu)) };
    console.log(JSON.stringify({ ...result, ...hostCpu, windowCpu: sampler.within(from, to), load }));
  }
await browser.close();
server.close();
