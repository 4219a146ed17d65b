import { fromLineProblem, type AdapterIssue } from '../kit/issue.ts';
import { createLocalGenerator } from '../../renderer/remote.ts';
import type { GeneratorHandle, Renderer } from '../../renderer/index.ts';
import { connectBridge, type BridgeConnection } from './bridge-connection.ts';
import { createOrderBuffer, type OrderBuffer } from './order-buffer.ts';
import { createRpcPeer, RpcError, type RpcPeer } from './rpc-peer.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import { RpcErrorCode, type AgentEvent, type NotificationParams } from '../../shared/neighbours/runtime-ui/schemas.ts';
import { applyEvent, newRun, TERMINAL_STATUSES, type RunView } from './transcript-state.ts';
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
 * by the renderer like any generator). Events are put in `seq` order per run; text streams (the
 * diff sends text-appends); reasoning is collapsed; steps, tool calls and results, status, context
 * left and a cancel button are shown. The runtime's `ui.confirm/prompt/pick.request`s become the
 * renderer's HOST dialogs, outside every generator's tree: no generator sees them or their answers.
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
  const byRunId = new Map<string, { run: RunView; buffer: OrderBuffer<AgentEvent> }>();
  const byKey = new Map<string, RunView>();
  let counter = 0;
  /** The session the next run continues (set by resuming one). */
  let sessionId: string | undefined;
  let sessionIds: string[] = [];
  let generation = -1;
  let peer: RpcPeer;
  /** Passive peers for the lines of earlier runtime processes (replayed): they show, never answer. */
  const pastPeers = new Map<number, RpcPeer>();
  /** Run ids are per runtime process: a restarted runtime may reuse them. */
  const runKey = (gen: number, runId: string) => `${gen}:${runId}`;
  /** Ids of the current runtime's requests this window has taken up (a request handed again is not asked twice). */
  let asked = new Set<string>();
  /** This window's request ids are unique among the windows sharing the runtime, so no window takes another's response. */
  const idPrefix = `ui-${Math.random().toString(36).slice(2, 10)}-`;
  let rendering: Promise<void> = Promise.resolve();
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
  const addRun = (runId: string | undefined, userText: string, replayed = false) => {
    counter += 1;
    const run = newRun(`r${counter}`, runId ?? '', userText, replayed, generation);
    model.runs.push(run);
    byKey.set(run.key, run);
    if (model.runs.length > 200) byKey.delete(model.runs.shift()!.key);
    if (runId !== undefined) track(run, generation);
    return run;
  };
  const track = (run: RunView, gen: number) => {
    run.generation = gen;
    // A run of a runtime process that is no longer the current one can never be reached again.
    if (gen < generation && run.ended === undefined)
      run.ended = `the runtime process that ran it (generation ${gen}) exited`;
    const buffer = createOrderBuffer<AgentEvent>({
      deliver: (_seq, event) => {
        applyEvent(run, event);
        schedule();
      },
      gapMs: options.gapMs,
      onWarning: (message) => warn(`run ${run.runId}: ${message}`, 'event_order'),
    });
    byRunId.set(runKey(gen, run.runId), { run, buffer });
  };
  /** The view of a run, made when this page did not start it (another window, a replayed session, an earlier process): shown all the same. */
  const runFor = (gen: number, runId: string, userText = '(started elsewhere)', replayed = false) => {
    let entry = byRunId.get(runKey(gen, runId));
    if (entry === undefined) {
      const run = addRun(undefined, userText, replayed);
      run.runId = runId;
      track(run, gen);
      entry = byRunId.get(runKey(gen, runId))!;
    }
    return entry;
  };
  const onEvent = (gen: number, params: NotificationParams<'agent.event'>) => {
    // A replayed run: codelia's runtimes send the user's message with seq -1, suip's number it 0 and mark `meta.replayed`.
    const replayed = params.seq === -1 || params.meta?.replayed === true;
    const entry = runFor(
      gen,
      params.run_id,
      replayed && params.event.type === 'hidden_user_message' ? params.event.content : undefined,
      replayed,
    );
    if (params.seq === -1) return;
    // SECURITY: the seed's rule: after a terminal status (cancelled above all), late events are ignored.
    if (TERMINAL_STATUSES.has(entry.run.status) && !entry.run.replayed)
      return warn(`run ${params.run_id}: an event after the run ended was ignored`);
    entry.buffer.push(params.seq, params.event);
  };
  const setStatus = (run: RunView, status: RunView['status'], message?: string) => {
    if (TERMINAL_STATUSES.has(run.status)) return;
    run.status = status;
    run.statusMessage = message;
    if (TERMINAL_STATUSES.has(status)) {
      const entry = [...byRunId.values()].find((e) => e.run === run);
      entry?.buffer.flush();
      entry?.buffer.dispose();
    }
    schedule();
  };

  const actions = {
    send: (text: string) => void client.send(text),
    cancel(runKey: string) {
      const run = byKey.get(runKey);
      // SECURITY: a cancel goes only to the runtime process that runs the run (another one may reuse its id).
      if (
        run === undefined ||
        run.runId === '' ||
        TERMINAL_STATUSES.has(run.status) ||
        run.ended !== undefined ||
        run.generation !== generation
      )
        return;
      peer.request('run.cancel', { run_id: run.runId, reason: 'cancelled by the user' }).then(
        (result) => setStatus(run, result.ok ? 'cancelled' : (result.status ?? run.status)),
        (error: unknown) => problem(`run.cancel failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    restart() {
      model.runtimeDown = undefined;
      connection.restart();
      schedule();
    },
    setModel(index: number) {
      const name = model.models?.names[index];
      if (name === undefined) return;
      peer.request('model.set', { name }).then(
        (result) => {
          model.models = { names: model.models?.names ?? [], current: result.name };
          schedule();
        },
        (error: unknown) => problem(`model.set failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    listSessions() {
      peer.request('session.list', { limit: 50 }).then(
        (result) => {
          sessionIds = result.sessions.map((s) => s.session_id);
          model.sessions = result.sessions.map((s) => ({
            label: `${s.last_user_message ?? s.session_id} · ${s.message_count ?? '?'} runs · ${s.updated_at}`,
          }));
          schedule();
        },
        (error: unknown) => problem(`session.list failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    },
    resume(index: number) {
      const id = sessionIds[index];
      if (id === undefined) return;
      sessionId = id;
      // The history arrives as agent.events (the user's message first), shown as replayed runs.
      peer
        .request('session.history', { session_id: id })
        .catch((error: unknown) =>
          problem(`session.history failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    },
  };

  const onNotification = (gen: number, method: string, params: unknown) => {
    if (method === 'agent.event') return onEvent(gen, params as NotificationParams<'agent.event'>);
    if (method !== 'run.status' && method !== 'run.context') return;
    const run = runFor(gen, (params as { run_id: string }).run_id).run;
    if (method === 'run.status') {
      const p = params as NotificationParams<'run.status'>;
      return setStatus(run, p.status, p.message);
    }
    if (method === 'run.context') {
      run.contextLeft = (params as NotificationParams<'run.context'>).context_left_percent;
      schedule();
    }
  };
  const pastPeer = (gen: number) => {
    let past = pastPeers.get(gen);
    if (past === undefined) {
      // Replayed lines of an earlier process: requests there are not answered (that process is gone).
      past = createRpcPeer({
        role: 'ui',
        send: () => undefined,
        onNotification: (method, params) => onNotification(gen, method, params),
      });
      pastPeers.set(gen, past);
    }
    return past;
  };
  const makePeer = (gen: number) =>
    createRpcPeer({
      role: 'ui',
      send: (line) => connection.send(line.trimEnd(), gen),
      idPrefix,
      onProblem: (p) => problem(p.message, fromLineProblem(p).code),
      onNotification: (method, params) => onNotification(gen, method, params),
      handlers: {
        'ui.confirm.request': async (params) => {
          const preview =
            params.run_id !== undefined ? byRunId.get(runKey(generation, params.run_id))?.run.preview : undefined;
          const message = preview ? `${params.message}\n\n${preview}` : params.message;
          const answer = await renderer.dialogs.confirm({
            title: params.title.slice(0, 200),
            message: message.slice(0, 4000),
            ...(params.confirm_label ? { confirmLabel: params.confirm_label } : {}),
            ...(params.cancel_label ? { cancelLabel: params.cancel_label } : {}),
            danger: params.danger_level === 'danger',
          });
          return { ok: answer.ok };
        },
        'ui.prompt.request': async (params) => {
          // SECURITY: a secret answer goes from the host dialog's promise straight into this response: never rendered, logged or kept.
          const answer = await renderer.dialogs.prompt({
            title: params.title,
            message: params.message,
            ...(params.default_value !== undefined && !params.secret ? { defaultValue: params.default_value } : {}),
            multiline: params.multiline === true && !params.secret,
            secret: params.secret === true,
          });
          return { value: answer.value };
        },
        'ui.pick.request': async (params) => {
          const answer = await renderer.dialogs.pick({
            title: params.title,
            items: params.items.map((item) => ({
              id: item.id,
              label: item.label,
              ...(item.detail ? { description: item.detail } : {}),
            })),
            multiple: params.multi === true,
          });
          return { ids: answer.ids };
        },
      },
    });

  /** False for a runtime request this window has taken up already (a claim can hand it again). */
  const takeRequest = (text: string): boolean => {
    const parsed = parseLine(text);
    if (!parsed.ok || parsed.message.method === undefined || parsed.message.id == null) return true;
    const key = `${typeof parsed.message.id}:${String(parsed.message.id)}`;
    if (asked.has(key)) return false;
    asked.add(key);
    if (asked.size > 1000) asked.delete(asked.values().next().value!);
    return true;
  };
  /** A runtime request another window holds: noted on its run, never asked here, never answered from here. */
  const heldElsewhere = (text: string) => {
    const parsed = parseLine(text);
    const params = parsed.ok ? (parsed.message.params as { run_id?: unknown; title?: unknown } | undefined) : undefined;
    if (typeof params?.run_id !== 'string') return;
    const run = runFor(generation, params.run_id).run;
    run.notices.push(`“${String(params?.title ?? 'A question').slice(0, 120)}” is being answered in another window.`);
    schedule();
  };
  const initialize = async () => {
    try {
      const result = await peer.request('initialize', {
        protocol_version: '0',
        client: { name: 'suip-runtime-ui', version: '0.1.0' },
        ui_capabilities: {
          supports_confirm: true,
          supports_prompt: true,
          supports_pick: true,
          supports_markdown: true,
          supports_images: true,
        },
      });
      model.runtimeName = result.server.name;
      peer.request('model.list', {}).then(
        (models) => {
          model.models = { names: models.models.slice(0, 50), ...(models.current ? { current: models.current } : {}) };
          schedule();
        },
        () => undefined,
      );
      if (result.protocol_version !== '0')
        problem(`the runtime speaks protocol ${result.protocol_version}; this UI speaks 0`, 'protocol_version');
      schedule();
    } catch (error) {
      problem(`initialize failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  /** Runs of earlier runtime processes that never ended are over: that process is gone. */
  const endRunsBefore = (next: number, why: (gen: number) => string) => {
    for (const run of model.runs)
      if (run.generation < next && run.runId !== '' && !TERMINAL_STATUSES.has(run.status) && run.ended === undefined)
        run.ended = why(run.generation);
  };
  const newGeneration = (next: number, running: boolean) => {
    // A replayed `started` of an earlier process says nothing about the current one.
    if (next <= generation) return;
    endRunsBefore(next, (gen) => `the runtime process that ran it (generation ${gen}) exited`);
    generation = next;
    asked = new Set();
    peer?.close('the runtime restarted');
    peer = makePeer(next);
    if (running) void initialize();
  };

  const connection: BridgeConnection = connectBridge({
    url: options.url,
    token: options.token,
    ...(options.WebSocketImpl ? { WebSocketImpl: options.WebSocketImpl } : {}),
    events: {
      line: (text, lineGeneration, replayed, elsewhere) => {
        if (lineGeneration < generation) return pastPeer(lineGeneration).receiveLine(text, true);
        if (lineGeneration !== generation) return;
        if (elsewhere) return heldElsewhere(text);
        if (takeRequest(text)) peer.receiveLine(text, replayed);
      },
      claim: (text, lineGeneration) => {
        if (lineGeneration === generation && takeRequest(text)) peer.receiveLine(text);
      },
      hello: (next, running, canRestart) => {
        model.canRestart = canRestart;
        if (!running && model.runtimeDown === undefined) model.runtimeDown = 'The runtime is not running.';
        newGeneration(next, running);
        schedule();
      },
      started: (next) => {
        if (next <= generation) return;
        model.runtimeDown = undefined;
        newGeneration(next, true);
        schedule();
      },
      exit: (exited, code, signal) => {
        const how = signal ? `signal ${signal}` : `code ${code}`;
        endRunsBefore(exited + 1, () => `the runtime process exited (${how}) before the run finished`);
        if (exited === generation) {
          model.runtimeDown = `The runtime process exited (${how}).`;
          peer.close('the runtime exited');
        }
        schedule();
      },
      problem,
      status: (status) => {
        model.connection = status;
        schedule();
      },
    },
  });
  peer = makePeer(generation);
  schedule();

  const client: RuntimeUiClient = {
    model,
    async send(text) {
      const run = addRun(undefined, text);
      model.inputKey += 1;
      schedule();
      try {
        const result = await peer.request('run.start', {
          input: { type: 'text', text },
          ...(sessionId ? { session_id: sessionId } : {}),
        });
        if (result.session_id !== undefined) sessionId = result.session_id;
        const existing = byRunId.get(runKey(generation, result.run_id));
        if (existing !== undefined && existing.run !== run) {
          // Events came before the response: keep that view, drop the placeholder.
          existing.run.userText = text;
          model.runs.splice(model.runs.indexOf(run), 1);
        } else {
          run.runId = result.run_id;
          track(run, generation);
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
      peer.close('closed');
      await generator.close();
    },
  };
  return client;
}
