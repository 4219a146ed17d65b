import { expose, transferHandlers, wrap, type Endpoint, type TransferHandler } from 'comlink';
import { GeneratorSession } from './generator-session.ts';
import { HandlerError } from './handler-error.ts';
import { countUncaught, ownChannel, ownEndpoint, type OwnScope } from './own-channel.ts';
import { portChannel } from './port-channel.ts';
import { createSuipApi } from './suip-api.ts';
import { FRAME_SCRIPT_URL, programLine, reportFor, type CodePlace, type WorkerReport } from './worker-report.ts';

/**
 * The Worker's entry (UNTRUSTED realm: the model's code runs here too), and the nested frame's in
 * the Worker-less engine (generator/relay/frame-engine.ts), where `self` is that frame's window. The relay sends one
 * `{suip: "boot"}` message carrying the comlink control port and the data port; both stay in this
 * closure, out of the model's reach. The handshake completes before the model's code runs.
 */

/** The control plane the relay drives through comlink. */
export interface WorkerControl {
  /** Run the handshake over the data port, then the model's code. */
  start(report: (report: WorkerReport) => void): Promise<void>;
  /** Heartbeat: answers only when the Worker's event loop is free. */
  ping(): true;
  /** Stop sending; the relay terminates the Worker right after. */
  stop(): void;
}

// Typed as a Window: the DOM lib's event maps cover what a Worker scope uses here.
const scope = self as unknown as Window & Record<string, unknown>;
// Set by the line before the runtime (worker-report.ts), before any of the model's code exists.
const given = scope.__suipCode as Partial<CodePlace> | undefined;
const place: CodePlace = {
  lines: typeof given?.lines === 'number' ? given.lines : Infinity,
  offset: typeof given?.offset === 'number' ? given.offset : 0,
};
delete scope.__suipCode;
let report: (report: WorkerReport) => void = () => undefined;
/** How stacks name this script: the Worker's blob URL, or the frame engine's `sourceURL`. */
const inWindow = 'document' in (self as object);
const scriptUrl = inWindow ? FRAME_SCRIPT_URL : scope.location.href;

// Before anything of the model's runs (see countUncaught); a window (the frame engine) has no gate.
const reportUncaught = inWindow
  ? () => undefined
  : countUncaught(self as unknown as Parameters<typeof countUncaught>[0]);

scope.addEventListener('error', (event: ErrorEvent) => {
  event.preventDefault(); // reported here; keeps the relay's onerror for scripts that never ran
  report({
    kind: 'exception',
    message: String(event.message).slice(0, 1000),
    line: programLine(place, event.lineno),
  });
});
scope.addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
  report(reportFor(event.reason, scriptUrl, place));
});

/**
 * The own-channel transport (own-channel.ts): a boot `{suip: "boot", own: true}` with no port, sent
 * by the relay's gate Worker (Firefox, WebKit). Comlink's proxies then arrive as lane numbers.
 */
function ownTransport(): { control: Endpoint; dataPort: undefined } {
  const worker = self as unknown as OwnScope;
  reportUncaught();
  const proxyHandler = transferHandlers.get('proxy') as TransferHandler<unknown, unknown>;
  transferHandlers.set('proxy', {
    ...proxyHandler,
    deserialize: (lane: unknown) => wrap(ownEndpoint(worker, lane as number)),
  });
  return { control: ownEndpoint(worker, 'c'), dataPort: undefined };
}

function boot(event: MessageEvent): void {
  // SECURITY: in the Worker-less engine this scope is a window that any frame of the page can post
  // to; only the relay (its parent) boots it. A Worker's messages come from its owner alone.
  if (inWindow && event.source !== scope.parent) return;
  const data = event.data as { suip?: unknown; own?: unknown } | null;
  const own = !inWindow && data?.own === true;
  if (data?.suip !== 'boot' || (!own && (!event.ports[0] || !event.ports[1]))) return;
  scope.removeEventListener('message', boot);
  const { control, dataPort }: { control: Endpoint; dataPort?: MessagePort } = own
    ? ownTransport()
    : { control: event.ports[0]!, dataPort: event.ports[1]! };
  const channel = dataPort ? portChannel(dataPort) : ownChannel(self as unknown as OwnScope);
  let session: GeneratorSession | undefined;
  const api: WorkerControl = {
    async start(reporter) {
      report = (r) => void reporter(r);
      session = new GeneratorSession({
        channel,
        onUncaught: (error) =>
          report({
            ...reportFor(error, scriptUrl, place),
            ...(error instanceof HandlerError ? { handled: true as const } : {}),
          }),
      });
      const result = await session.initialize();
      scope.suip = createSuipApi(session, result);
      // After this call has answered: the model's code may block the loop forever.
      // The model's code follows the runtime in the script: its function exists only now.
      const main = scope.__suipMain as (() => Promise<unknown>) | undefined;
      delete scope.__suipMain;
      setTimeout(() => {
        main?.().catch((error: unknown) => report(reportFor(error, scriptUrl, place)));
      }, 0);
    },
    ping: () => true,
    stop: () => channel.close(),
  };
  expose(api, control);
}
scope.addEventListener('message', boot);
