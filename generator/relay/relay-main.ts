import { proxy, wrap, type Remote } from 'comlink';
import runtimeSource from 'virtual:suip-runtime-source';
import { withinBytes } from '../../shared/message.ts';
import type { WorkerControl } from '../runtime/worker-main.ts';
import { workerScript, type WorkerReport } from '../runtime/worker-report.ts';
import { createRateBudget } from './rate-budget.ts';
import type { HostToRelay, RelayBudgets, RelayToHost, TerminationReason } from './relay-protocol.ts';
import { startWatchdog } from './watchdog.ts';

/**
 * The relay: the TRUSTED script on the sandbox iframe's main thread (origin "null"). It accepts
 * one port from the host, starts the model's Worker from a blob, forwards data strings both ways
 * and enforces the budgets before anything reaches the host. It never runs the model's code.
 */

let hostPort: MessagePort | undefined;
let worker: Worker | undefined;
let dataPort: MessagePort | undefined;
let stopWatchdog: (() => void) | undefined;
let blobUrl: string | undefined;
let remote: Remote<WorkerControl> | undefined;
let started = false;
let dead = false;

function toHost(message: RelayToHost): void {
  hostPort?.postMessage(message);
}

function terminate(reason: TerminationReason, message: string): void {
  if (dead) return;
  dead = true;
  stopWatchdog?.();
  worker?.terminate();
  dataPort?.close();
  if (blobUrl !== undefined) URL.revokeObjectURL(blobUrl);
  if (reason !== 'stopped') toHost({ suip: 'terminated', reason, message });
}

function start(code: string, budgets: RelayBudgets): void {
  // One budget for everything the Worker can make the relay send: data, reports and errors.
  const rate = createRateBudget(budgets.maxMessagesPerSecond);
  let handshaken = false;
  blobUrl = URL.createObjectURL(new Blob([workerScript(code, runtimeSource)], { type: 'text/javascript' }));
  worker = new Worker(blobUrl, { name: 'suip-generator' });
  // A script that never ran (a syntax error) surfaces here; the runtime handles the rest itself.
  worker.onerror = (event) => {
    event.preventDefault();
    if (dead) return;
    if (!rate.take()) return terminate('rate', `the generator sent more than maxMessagesPerSecond ${budgets.maxMessagesPerSecond} messages per second`);
    const report = { suip: 'exception', message: String(event.message ?? 'the generator script failed to load').slice(0, 1000), line: event.lineno ? event.lineno - 1 : undefined } as const;
    // Before the handshake the Worker cannot recover (its script did not run): end it now.
    if (!handshaken) {
      toHost({ ...report, fatal: true });
      terminate('stopped', 'the generator script failed before the handshake');
    } else toHost(report);
  };
  const control = new MessageChannel();
  const data = new MessageChannel();
  dataPort = data.port1;
  worker.postMessage({ suip: 'boot' }, [control.port2, data.port2]);
  // SECURITY: nothing from the Worker reaches the host unless it is a string within the byte and
  // rate budgets; the first breach terminates the Worker (it is never given a second chance).
  dataPort.onmessage = (event: MessageEvent) => {
    if (dead) return;
    const text: unknown = event.data;
    if (typeof text !== 'string') return terminate('type', 'the generator sent a message that is not a JSON text');
    if (!withinBytes(text, budgets.maxMessageBytes)) return terminate('bytes', `the generator sent a message larger than maxMessageBytes ${budgets.maxMessageBytes}`);
    if (!rate.take()) return terminate('rate', `the generator sent more than maxMessagesPerSecond ${budgets.maxMessagesPerSecond} messages per second`);
    hostPort?.postMessage(text);
  };
  remote = wrap<WorkerControl>(control.port1);
  const controller = remote;
  stopWatchdog = startWatchdog({
    ping: () => controller.ping(),
    intervalMs: budgets.heartbeatIntervalMs,
    timeoutMs: budgets.heartbeatTimeoutMs,
    startupTimeoutMs: budgets.startupTimeoutMs,
    onTimeout: (waited) => terminate('heartbeat', `the generator did not answer the heartbeat for ${Math.round(waited)} ms (its event loop is blocked, e.g. by an endless loop)`),
  });
  // SECURITY: reports come from the untrusted realm too (the model can capture the proxy's port),
  // so they spend the same message budget as data and are cut to a fixed size.
  const onReport = (report: WorkerReport) => {
    if (dead) return;
    if (!rate.take()) return terminate('rate', `the generator sent more than maxMessagesPerSecond ${budgets.maxMessagesPerSecond} messages per second`);
    const line = typeof report?.line === 'number' && Number.isInteger(report.line) ? report.line : undefined;
    toHost({ suip: 'exception', message: String(report?.message).slice(0, 1000), line });
  };
  controller.start(proxy(onReport)).then(
    () => {
      handshaken = true;
    },
    () => undefined,
  );
}

function onHostMessage(event: MessageEvent): void {
  const message: unknown = event.data;
  if (typeof message === 'string') {
    if (started && !dead) dataPort?.postMessage(message);
    return;
  }
  const control = message as HostToRelay | null;
  if (control?.suip === 'start' && !started && typeof control.code === 'string') {
    started = true;
    start(control.code, control.budgets);
  } else if (control?.suip === 'stop') {
    // Ask the runtime to stop sending, but never wait long: a stuck Worker would not answer.
    const stopped = remote?.stop() ?? Promise.resolve();
    const grace = new Promise((resolve) => setTimeout(resolve, 100));
    void Promise.race([stopped, grace]).catch(() => undefined).finally(() => terminate('stopped', 'the host stopped the generator'));
  }
}

function onConnect(event: MessageEvent): void {
  // SECURITY: exactly one connect, only from the host window itself (identity, not origin: ours
  // is "null" and so is every other sandbox's). After it, only the transferred port is used.
  if (event.source !== window.parent || hostPort !== undefined) return;
  const port = event.ports[0];
  if ((event.data as { suip?: unknown } | null)?.suip !== 'connect' || port === undefined || event.ports.length !== 1) return;
  window.removeEventListener('message', onConnect);
  hostPort = port;
  port.onmessage = onHostMessage;
}

window.addEventListener('message', onConnect);
