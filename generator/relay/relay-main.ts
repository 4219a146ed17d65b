import { expose, proxy, transferHandlers, wrap, type Remote, type TransferHandler } from 'comlink';
import runtimeSource from 'virtual:suip-runtime-source';
import { withinBytes } from '../../shared/message.ts';
import type { WorkerControl } from '../runtime/worker-main.ts';
import { codePlace, programLine, workerScript, type CodePlace, type WorkerReport } from '../runtime/worker-report.ts';
import { createRateBudget } from '../../shared/rate-budget.ts';
import {
  REPORT_MESSAGE_CHARS,
  START_ELEMENT_ID,
  type RelayBudgets,
  type RelayCommand,
  type RelayReport,
  type StartCommand,
  type TerminationReason,
} from '../../shared/relay-control.ts';
import { startWatchdog } from '../../shared/watchdog.ts';
import { startFrameEngine, type Engine } from './frame-engine.ts';
import { relaySharesHostThread, startGateEngine } from './gate-engine.ts';
import { watchStart } from './gate-start.ts';
import { createExceptionReporter, type ExceptionReporter } from './exception-reporter.ts';
import { PendingEvent } from './pending-event.ts';
import { createSliceForwarder, type SliceForwarder } from './slice-forwarder.ts';

/**
 * The relay: the TRUSTED script on the sandbox iframe's main thread (origin "null"). It accepts
 * one port from the host, starts the model's Worker from a blob, forwards data strings both ways
 * and enforces the budgets before anything reaches the host. It never runs the model's code. A
 * `restart` ends the Worker and starts another in the same frame, on a fresh port. A srcdoc that
 * carries the program's start (renderer/frame/srcdoc.ts) has the Worker started as this script
 * runs, before the host's port arrives: what the Worker sends until then waits here.
 */

/** Exception reports forwarded per second (burst included); the rest are counted, not sent. */
const EXCEPTIONS_PER_SECOND = 5;

/**
 * Messages a run started from the srcdoc may send before the host's port arrives. The runtime
 * sends one (`suip/initialize`) and waits for its answer; the model's code, which runs only after
 * the handshake, could send more only by escaping its wrapper, so a few are plenty.
 */
const EARLY_MESSAGES = 8;
/** What the watchdog's verdict tells the program's author to do. */
const LOOP_FIX = 'make every loop end, and split long work into chunks that await a timer between them';

/**
 * One Worker and everything that belongs to it. Each run has its own state, so a callback of an
 * ended run (a late error event, a watchdog verdict one task later) can never touch the next one.
 */
interface Run {
  /** The host port this run reports on; undefined until the host connects (a start from the srcdoc). */
  port: MessagePort | undefined;
  /** What the run sent before its port arrived, in order (at most EARLY_MESSAGES, then its termination). */
  readonly early: unknown[];
  dead: boolean;
  /** Set once the runtime answered `start`: an engine error after it is an exception, not a failed load. */
  handshaken: boolean;
  /** The program's engine: a blob Worker, or the nested frame when the host's CSP refuses Workers. */
  worker?: Worker | Engine;
  dataPort?: MessagePort;
  blobUrl?: string;
  remote?: Remote<WorkerControl>;
  stopWatchdog?: () => void;
  /** The user event the Worker may be running (named when the watchdog ends it). */
  readonly pending: PendingEvent;
  /** What goes to the host (data and reports), in budgeted slices; dropped when the run ends. */
  readonly forwarder: SliceForwarder<RelayReport | string>;
  /** The relay's ends of the run's comlink ports (control, report callback): closed when it ends. */
  readonly ports: MessagePort[];
  /** Spends one message of the Worker's budget. */
  spend(): void;
}

/**
 * Why the last Worker could not start, when the page's CSP (the host's, which this srcdoc frame
 * inherits) refused it: Chromium reports the refusal here before the Worker's `error` event, which
 * itself carries no message. The run whose Worker failed then falls back to the frame engine
 * (`fallBack`), and the host's isolation report names this cause.
 */
let workerRefusal: string | undefined;
document.addEventListener('securitypolicyviolation', (event) => {
  const blob = event.blockedURI === 'blob' || event.blockedURI.startsWith('blob:');
  if (!blob || !/^(worker-src|script-src)/.test(event.effectiveDirective)) return;
  const directive = event.effectiveDirective;
  workerRefusal = `the host page's Content-Security-Policy refuses the program's blob: Worker (${directive})`;
});

/**
 * Set once a Worker was refused by the page's CSP: every run of this frame from then on starts in
 * the Worker-less engine (frame-engine.ts) directly, and says so to the host.
 */
let frameMode = false;

/** The host's port: commands and data arrive here (replaced by each `restart`). */
let hostPort: MessagePort | undefined;
let current: Run | undefined;
/** The run whose proxies comlink is serializing right now (the report callback, during `start`). */
let serializing: Run | undefined;

// SECURITY: comlink answers every message on a proxy's port, garbage included, so a model that
// captured the report callback's port could flood this thread forever without spending any budget,
// starving the watchdog and every other sandbox sharing this process. The relay's proxies (only the
// report callback) get ports whose every message spends their run's budget.
const comlinkProxy = transferHandlers.get('proxy') as TransferHandler<unknown, unknown>;
transferHandlers.set('proxy', {
  canHandle: comlinkProxy.canHandle,
  serialize(value: unknown): [unknown, Transferable[]] {
    const run = serializing;
    const { port1, port2 } = new MessageChannel();
    if (run !== undefined) guardPort(run, port1);
    expose(value, port1);
    return [port2, [port2]];
  },
  deserialize: comlinkProxy.deserialize,
});

/**
 * SECURITY: every message on one of `run`'s comlink ports spends its budget before comlink sees it,
 * and once the run ended none reaches comlink at all (comlink would parse and answer each one:
 * on the host's thread in Firefox, a flood queued before the end cost the host seconds).
 */
function guardPort(run: Run, port: MessagePort): void {
  run.ports.push(port);
  port.addEventListener('message', (event) => {
    if (!run.dead) run.spend();
    if (run.dead) event.stopImmediatePropagation();
  });
}

function terminate(run: Run, reason: TerminationReason | 'stopped', message: string): void {
  if (run.dead) return;
  run.dead = true;
  run.forwarder.stop();
  run.stopWatchdog?.();
  run.worker?.terminate();
  // SECURITY: closing a port drops what is queued on it. A Worker's flood already posted is still
  // delivered after terminate() to ports left open, one task each, on the host's thread in Firefox.
  run.dataPort?.close();
  for (const port of run.ports) port.close();
  if (run.blobUrl !== undefined) URL.revokeObjectURL(run.blobUrl);
  if (reason !== 'stopped') deliver(run, { suip: 'terminated', reason, message });
}

/** Code units a report may take of a slice (its message is cut to REPORT_MESSAGE_CHARS). */
const REPORT_SIZE = REPORT_MESSAGE_CHARS + 64;

/** Send `message` to the host in order with the run's data, within the run's slices. */
function toHost(run: Run, message: RelayReport | string): void {
  if (!run.forwarder.push(message, typeof message === 'string' ? message.length : REPORT_SIZE))
    terminate(
      run,
      'rate',
      'the generator sent faster than the host takes its messages (over 1,000 messages or 8 MiB waiting); ' +
        'send fewer, smaller updates',
    );
}

/** Send `message` to the host now (a termination, and each slice's messages). */
function deliver(run: Run, message: RelayReport | string): void {
  if (run.port !== undefined) return run.port.postMessage(message);
  // SECURITY: held in this (sandbox) process, bounded: past EARLY_MESSAGES the run is ended, and
  // only the report saying so is kept beside them.
  if (run.early.length < EARLY_MESSAGES || (run.dead && typeof message !== 'string')) run.early.push(message);
  else terminate(run, 'rate', `the generator sent more than ${EARLY_MESSAGES} messages before the host connected`);
}

/** Hand `run` the host's port: what it sent before (from a srcdoc start) goes first, in order. */
function connectRun(run: Run, port: MessagePort): void {
  run.port = port;
  for (const message of run.early.splice(0)) port.postMessage(message);
}

/**
 * The program's engine for `run`: a blob Worker (behind a gate Worker where this frame shares the
 * host's thread), or (`frameMode`) a nested frame, which is reported to the host.
 */
function startEngine(run: Run, script: string, budgets: RelayBudgets): Worker | Engine {
  if (frameMode) {
    toHost(run, {
      suip: 'isolation',
      mode: 'frame',
      message: `${workerRefusal ?? 'no Worker'}: the program runs in a nested sandboxed frame instead`,
    });
    return startFrameEngine(document.body, script, () =>
      terminate(run, 'type', "the program's frame navigated away, which the protocol does not allow"),
    );
  }
  if (relaySharesHostThread()) {
    // SECURITY: in Firefox and WebKit this frame runs on the host page's thread, where each message
    // a Worker posts here is a task before the relay reads it: the program's Worker is nested in a
    // gate Worker that takes all it posts on its own thread and passes on only what the budgets allow.
    const gate = startGateEngine(script, {
      maxMessagesPerSecond: budgets.maxMessagesPerSecond,
      maxMessageBytes: budgets.maxMessageBytes,
    });
    gate.onbreach = (reason, message) => terminate(run, reason, message);
    return gate;
  }
  run.blobUrl = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  return new Worker(run.blobUrl, { name: 'suip-generator' });
}

/** A new run on `port` and the message budget it spends (one for data, reports and errors alike). */
function createRun(port: MessagePort | undefined, budgets: RelayBudgets): Run {
  const perSecond = budgets.maxMessagesPerSecond;
  const rate = createRateBudget(perSecond);
  const tooMany = `the generator sent more than maxMessagesPerSecond ${perSecond} messages per second`;
  const run: Run = {
    port,
    early: [],
    dead: false,
    handshaken: false,
    pending: new PendingEvent(),
    forwarder: createSliceForwarder((message) => deliver(run, message)),
    ports: [],
    spend: () => {
      if (!run.dead && !rate.take()) terminate(run, 'rate', tooMany);
    },
  };
  return run;
}

/** What the engine's `error` event means for `run`: a refused Worker, a script that never ran, or an exception. */
function onEngineError(
  run: Run,
  event: Pick<ErrorEvent, 'message' | 'lineno' | 'preventDefault'>,
  restart: () => void,
  exception: ExceptionReporter,
  place: CodePlace,
): void {
  event.preventDefault();
  if (run.dead) return;
  run.spend();
  if (run.dead) return;
  if (!run.handshaken && workerRefusal !== undefined && !frameMode) return restart();
  // A Worker the CSP refused went to the frame engine above; what is left is the script's own failure.
  const cause = event.message ?? 'the generator script failed to load';
  const message = String(cause).slice(0, REPORT_MESSAGE_CHARS);
  const line = programLine(place, event.lineno);
  if (run.handshaken) return exception(message, line, false);
  // Before the handshake the Worker cannot recover (its script did not run): end it now.
  // Delivered now: the end below drops what waits for a slice (before the handshake, nothing does).
  deliver(run, { suip: 'exception', message, ...(line !== undefined ? { line } : {}), fatal: true });
  terminate(run, 'stopped', 'the generator script failed before the handshake');
}

/**
 * SECURITY: nothing from the Worker reaches the host unless it is a string within the byte and
 * rate budgets; the first breach terminates the Worker (it is never given a second chance).
 */
function forwardData(run: Run, dataPort: MessagePort, budgets: RelayBudgets): void {
  dataPort.onmessage = (event: MessageEvent) => {
    if (run.dead) return;
    const text: unknown = event.data;
    if (typeof text !== 'string') return terminate(run, 'type', 'the generator sent a message that is not a JSON text');
    if (!withinBytes(text, budgets.maxMessageBytes))
      return terminate(
        run,
        'bytes',
        `the generator sent a message larger than maxMessageBytes ${budgets.maxMessageBytes}`,
      );
    run.spend();
    if (!run.dead) toHost(run, text);
  };
}

/** The heartbeat of `run`'s Worker over comlink: a Worker that stops answering is ended. */
function watchRun(run: Run, controller: Remote<WorkerControl>, budgets: RelayBudgets): () => void {
  return startWatchdog({
    ping: () => {
      const mark = run.pending.mark();
      return controller.ping().then(() => run.pending.answered(mark));
    },
    intervalMs: budgets.heartbeatIntervalMs,
    timeoutMs: budgets.heartbeatTimeoutMs,
    startupTimeoutMs: budgets.startupTimeoutMs,
    // The verdict waits one task: a message the Worker posted before the deadline is judged first,
    // so a budget it broke (bytes, type, rate) is the reason given, not the stall it caused while
    // building that message. Without this, a 128 MB post on a loaded machine was "heartbeat" or
    // "bytes" by chance. The Worker is still ended within one task.
    onTimeout: (waited) =>
      setTimeout(() => {
        const blocked = 'its event loop is blocked, e.g. by an endless loop';
        const silence = `the generator did not answer the heartbeat for ${Math.round(waited)} ms`;
        terminate(run, 'heartbeat', `${silence} (${blocked})${run.pending.describe()}; ${LOOP_FIX}`);
      }, 0),
  });
}

/**
 * Start the runtime in `run`'s Worker: it gets the report callback (whose port spends the run's
 * budget, see the proxy handler above) and, once it answers, the host learns the isolation mode.
 */
function startRuntime(run: Run, controller: Remote<WorkerControl>, exception: ExceptionReporter) {
  // SECURITY: reports come from the untrusted realm too (the model can capture the proxy's port),
  // so they spend the same message budget as data and are cut to a fixed size.
  const onReport = (report: WorkerReport) => {
    if (run.dead) return;
    run.spend();
    if (run.dead) return;
    const line = typeof report?.line === 'number' && Number.isInteger(report.line) ? report.line : undefined;
    exception(String(report?.message).slice(0, REPORT_MESSAGE_CHARS), line, report?.handled === true);
  };
  serializing = run;
  try {
    controller.start(proxy(onReport)).then(
      () => {
        run.handshaken = true;
        if (!frameMode && !run.dead)
          toHost(run, {
            suip: 'isolation',
            mode: 'worker',
            message: relaySharesHostThread()
              ? "the program runs in a blob Worker nested in the relay's gate Worker"
              : 'the program runs in a blob Worker',
          });
      },
      () => undefined,
    );
  } finally {
    serializing = undefined;
  }
}

function start(port: MessagePort | undefined, code: string, budgets: RelayBudgets): Run {
  const run = createRun(port, budgets);
  const exception = createExceptionReporter(EXCEPTIONS_PER_SECOND, (report) => toHost(run, report));
  const worker = startEngine(run, workerScript(code, runtimeSource), budgets);
  run.worker = worker;
  // A script that never ran (a syntax error) surfaces here; the runtime handles the rest itself.
  worker.onerror = (event: Pick<ErrorEvent, 'message' | 'lineno' | 'preventDefault'>) =>
    onEngineError(run, event, () => fallBack(run, code, budgets), exception, codePlace(code, runtimeSource));
  const control = new MessageChannel();
  const data = new MessageChannel();
  run.dataPort = data.port1;
  worker.postMessage({ suip: 'boot' }, [control.port2, data.port2]);
  forwardData(run, data.port1, budgets);
  // SECURITY: the runtime never posts on the Worker's own channel, and sends the control port only
  // comlink answers. A loop posting on either would queue tasks ahead of this thread's watchdog
  // timer and keep it from ever firing (measured: for (;;) self.postMessage() ran for 38 s). The
  // Worker's own channel ends it on first use; the control port spends the message budget.
  const ownChannel = frameMode ? "posted to the relay's window" : "posted on the Worker's own channel";
  worker.onmessage = () => terminate(run, 'type', `the generator ${ownChannel}, which the protocol does not use`);
  guardPort(run, control.port1);
  const controller = wrap<WorkerControl>(control.port1);
  run.remote = controller;
  // Behind the gate, the browser's two Worker starts are not judged as the program's (gate-start.ts).
  run.stopWatchdog = watchStart(worker, budgets.startupTimeoutMs, (startupTimeoutMs) =>
    watchRun(run, controller, { ...budgets, startupTimeoutMs }),
  );
  startRuntime(run, controller, exception);
  return run;
}

/**
 * The page's CSP refused `run`'s Worker before it ran: the same program starts again at once in
 * the Worker-less engine, on the same port, and the host is told (never a silent change of mode).
 */
function fallBack(run: Run, code: string, budgets: RelayBudgets): void {
  terminate(run, 'stopped', 'the host page refused the Worker');
  frameMode = true;
  if (current !== run) return;
  // The refused Worker never ran, so it sent nothing that the next run would have to carry over.
  current = start(run.port, code, budgets);
}

/** Listen for the host on `port` (the first one from `connect`, then each `restart`'s). */
function listen(port: MessagePort): void {
  if (hostPort !== undefined && hostPort !== port) hostPort.close();
  hostPort = port;
  port.onmessage = (event) => onHostMessage(port, event);
}

function onHostMessage(port: MessagePort, event: MessageEvent): void {
  // A message the old port still delivers after a restart belongs to no run.
  if (port !== hostPort) return;
  const message: unknown = event.data;
  if (typeof message === 'string') {
    if (current !== undefined && !current.dead) {
      current.pending.forwarded(message);
      current.dataPort?.postMessage(message);
    }
    return;
  }
  // The host is the only sender on this port (identity-checked at connect); its shapes are trusted.
  const control = message as RelayCommand | null;
  // Answered at once, whatever runs: the host's watchdog in frame mode (see PingCommand).
  if (control?.suip === 'ping') port.postMessage({ suip: 'pong' } satisfies RelayReport);
  else if (control?.suip === 'start' && current === undefined && typeof control.code === 'string') {
    current = start(port, control.code, control.budgets);
  } else if (
    control?.suip === 'restart' &&
    current !== undefined &&
    typeof control.code === 'string' &&
    event.ports.length === 1
  ) {
    // The old Worker was asked to stop (or is being replaced mid-run): it ends now, and reports
    // nothing, since its port is about to close.
    terminate(current, 'stopped', 'the host restarted the generator');
    const next = event.ports[0]!;
    listen(next);
    current = start(next, control.code, control.budgets);
  } else if (control?.suip === 'stop' && current !== undefined) {
    const run = current;
    // Ask the runtime to stop sending, but never wait long: a stuck Worker would not answer.
    const stopped = run.remote?.stop() ?? Promise.resolve();
    const grace = new Promise((resolve) => setTimeout(resolve, 100));
    void Promise.race([stopped, grace])
      .catch(() => undefined)
      .finally(() => terminate(run, 'stopped', 'the host stopped the generator'));
  }
}

function onConnect(event: MessageEvent): void {
  // SECURITY: exactly one connect, only from the host window itself (identity, not origin: ours
  // is "null" and so is every other sandbox's). After it, only the transferred port is used.
  if (event.source !== window.parent || hostPort !== undefined) return;
  const port = event.ports[0];
  if ((event.data as { suip?: unknown } | null)?.suip !== 'connect' || port === undefined || event.ports.length !== 1)
    return;
  window.removeEventListener('message', onConnect);
  listen(port);
  if (current !== undefined && current.port === undefined) connectRun(current, port);
}

/**
 * The start the srcdoc carries, if any (read once, and the block removed: the document keeps no
 * copy of the code). The host wrote it, so its shape is trusted like a `start` command's; a block
 * that does not parse leaves the relay waiting for the host's `start` as without one.
 */
function srcdocStart(): StartCommand | undefined {
  const element = document.getElementById(START_ELEMENT_ID);
  if (element === null) return undefined;
  element.remove();
  try {
    const command = JSON.parse(element.textContent ?? '') as StartCommand | null;
    return command?.suip === 'start' && typeof command.code === 'string' ? command : undefined;
  } catch {
    return undefined;
  }
}

window.addEventListener('message', onConnect);
const early = srcdocStart();
if (early !== undefined) current = start(undefined, early.code, early.budgets);
