import type { ReconnectPolicy } from '../../shared/backoff.ts';
import type { AdapterIssue } from '../kit/issue.ts';
import { createLocalGenerator } from '../../renderer/remote.ts';
import type { GeneratorHandle, Renderer } from '../../renderer/index.ts';
import { connectBridge, type BridgeConnection, type BridgeEvents } from './bridge-connection.ts';
import { hostDialogHandlers } from './host-dialogs.ts';
import { RpcError } from './rpc-peer.ts';
import { RunRegistry } from './run-registry.ts';
import { RuntimePeers } from './runtime-peers.ts';
import { RpcErrorCode } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { createTranscriptActions, type RuntimeSessions } from './transcript-actions.ts';
import { transcriptTree, type TranscriptModel } from './transcript-view.ts';

/** Options of `createRuntimeUiClient`. */
export interface RuntimeUiClientOptions {
  /** The bridge's WebSocket URL (`ws://host:port/runtime`) and a bridge token. */
  url: string;
  token: string;
  /** The mount id of the transcript (default `runtime`). */
  mountId?: string;
  /** Protocol problems and order-buffer warnings, as every adapter reports them (default: console.warn). */
  onIssue?(issue: AdapterIssue): void;
  /** A gap in a run's events is skipped after this many ms (default 2000). */
  gapMs?: number;
  /**
   * Reconnects after a drop: first delay, cap, and failures in a row before the window stops and says so (the one
   * policy of `shared/backoff.ts`; default 1 s, 30 s, 10 attempts, about three minutes of a server away). A host whose
   * deploys take longer raises `attempts`.
   */
  backoff?: Partial<ReconnectPolicy>;
  WebSocketImpl?: typeof WebSocket;
}

/** The UI role of seed 002 in the browser. */
export interface RuntimeUiClient {
  /** What is shown (read-only; for tests and devtools). */
  readonly model: TranscriptModel;
  /** Start a run with this text (what the form's submit does). */
  send(text: string): Promise<void>;
  /** Resolves once the newest state is rendered. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The UI role of seed 002 in the browser: a runtime behind the server's bridge, its runs rendered
 * as particles by an in-page generator (`createLocalGenerator`: trusted translator code, validated
 * by the renderer like any generator). Events are put in `seq` order per run (`run-registry.ts`);
 * text streams (the diff sends text-appends); reasoning is collapsed; steps, tool calls and
 * results, status, context left and a cancel button are shown. The runtime's
 * `ui.confirm/prompt/pick.request`s become the renderer's HOST dialogs (`host-dialogs.ts`), outside
 * every generator's tree: no generator sees them or their answers. One peer per runtime process
 * (`runtime-peers.ts`); the user's actions in `transcript-actions.ts`.
 */
export async function createRuntimeUiClient(
  renderer: Renderer,
  options: RuntimeUiClientOptions,
): Promise<RuntimeUiClient> {
  const generator = await createLocalGenerator<GeneratorHandle>(renderer, {
    id: options.mountId ?? 'runtime',
    name: 'Agent runtime',
    originKind: 'agent',
  });
  const report =
    options.onIssue ?? ((issue: AdapterIssue) => console.warn(`[suip runtime-ui] ${issue.code}: ${issue.message}`));
  const warn = (message: string, code = 'problem') => report({ adapter: 'runtime-ui', code, message });
  const model: TranscriptModel = { connection: 'connecting', runs: [], problems: [], inputKey: 0 };
  const sessions: RuntimeSessions = { listed: [] };
  let rendering: Promise<void> = Promise.resolve();
  // A run is started once the bridge said which runtime process is current and that process answered `initialize`:
  // a `run.start` sent before (a host's `send` right after this function resolved) named no process, and the bridge
  // refused it, leaving the run "Starting" for ever.
  const readiness = createReadiness();
  let scheduled = false;

  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    rendering = rendering
      .then(async () => {
        await Promise.resolve();
        scheduled = false;
        await generator.render(transcriptTree(model, actions));
      })
      .catch((error: unknown) =>
        warn(`render failed: ${error instanceof Error ? error.message : String(error)}`, 'render_failed'),
      );
  };
  const problem = (message: string, code = 'problem') => {
    warn(message, code);
    model.problems = [...model.problems, message.slice(0, 300)].slice(-5);
    schedule();
  };
  const runs = new RunRegistry(model, schedule, warn, options.gapMs);
  const actions = createTranscriptActions({
    model,
    runs,
    sessions,
    peer: () => peers.current,
    send: (text) => void client.send(text),
    restart: () => connection.restart(),
    problem,
    changed: schedule,
  });

  const connection: BridgeConnection = connectBridge({
    url: options.url,
    token: options.token,
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    ...(options.backoff ? { backoff: options.backoff } : {}),
    events: bridgeEvents(model, runs, () => peers, schedule, problem, readiness),
  });
  const peers = new RuntimePeers({
    runs,
    model,
    handlers: hostDialogHandlers(renderer, (runId) => runs.find(runs.generation, runId)?.preview),
    send: (line, generation) => connection.send(line, generation),
    problem,
    changed: schedule,
  });
  schedule();

  const client: RuntimeUiClient = {
    model,
    async send(text) {
      const run = runs.add(undefined, text);
      model.inputKey += 1;
      schedule();
      try {
        await readiness.wait(model);
        const result = await peers.current.request('run.start', {
          input: { type: 'text', text },
          ...(sessions.current ? { session_id: sessions.current } : {}),
        });
        if (result.session_id !== undefined) sessions.current = result.session_id;
        const existing = runs.find(runs.generation, result.run_id);
        if (existing !== undefined && existing !== run) {
          // Events came before the response: keep that view, drop the placeholder.
          existing.userText = text;
          model.runs.splice(model.runs.indexOf(run), 1);
        } else {
          run.runId = result.run_id;
          runs.track(run, runs.generation);
        }
      } catch (error) {
        run.status = 'error';
        run.statusMessage =
          error instanceof RpcError && error.code === RpcErrorCode.RuntimeBusy
            ? 'The runtime is busy with another run.'
            : error instanceof Error
              ? error.message
              : String(error);
      }
      schedule();
    },
    async settle() {
      await rendering;
      await rendering;
    },
    async close() {
      connection.close();
      peers.current.close('closed');
      await generator.close();
    },
  };
  return client;
}

/**
 * Whether a run may start. A run.start the bridge refuses settles no request (the run would show "Starting" for
 * ever), so a send waits for the current process's `initialize` (replaced on each hello and restart; the first is
 * taken by whoever waited since connect: a pending promise adopts the one it is resolved with), and fails with the
 * reason when the bridge is closed or the runtime is not running.
 */
function createReadiness() {
  let firstHello: (initialized: Promise<void>) => void = () => {};
  let ready = new Promise<void>((resolve) => (firstHello = resolve));
  let markClosed = () => {};
  const closed = new Promise<void>((resolve) => (markClosed = resolve));
  return {
    onGeneration(initialized: Promise<void>): void {
      firstHello(initialized);
      ready = initialized;
    },
    onClosed: () => markClosed(),
    async wait(model: TranscriptModel): Promise<void> {
      let waited: Promise<void>;
      do await Promise.race([(waited = ready), closed]);
      while (waited !== ready && model.connection !== 'closed');
      if (model.connection === 'closed')
        throw new Error('The connection to the bridge is closed: reload to reconnect.');
      if (model.runtimeDown !== undefined) throw new Error(model.runtimeDown);
    },
  };
}

/** What the bridge connection tells the client: lines for the peers, the runtime process's lifecycle, its status. */
function bridgeEvents(
  model: TranscriptModel,
  runs: RunRegistry,
  peersOf: () => RuntimePeers,
  schedule: () => void,
  problem: (message: string, code?: string) => void,
  lifecycle: { onGeneration(initialized: Promise<void>): void; onClosed(): void },
): BridgeEvents {
  return {
    line: (text, generation, replayed, elsewhere) => peersOf().line(text, generation, replayed, elsewhere),
    claim: (text, generation) => peersOf().claim(text, generation),
    hello: (next, running, canRestart) => {
      model.canRestart = canRestart;
      if (!running && model.runtimeDown === undefined) model.runtimeDown = 'The runtime is not running.';
      lifecycle.onGeneration(peersOf().newGeneration(next, running));
      schedule();
    },
    started: (next) => {
      if (next <= runs.generation) return;
      model.runtimeDown = undefined;
      lifecycle.onGeneration(peersOf().newGeneration(next, true));
      schedule();
    },
    exit: (exited, code, signal) => {
      const how = signal ? `signal ${signal}` : `code ${code}`;
      runs.endRunsBefore(exited + 1, () => `the runtime process exited (${how}) before the run finished`);
      if (exited === runs.generation) {
        model.runtimeDown = `The runtime process exited (${how}).`;
        peersOf().current.close('the runtime exited');
      }
      schedule();
    },
    problem,
    status: (status) => {
      model.connection = status;
      if (status === 'closed') lifecycle.onClosed();
      schedule();
    },
  };
}
