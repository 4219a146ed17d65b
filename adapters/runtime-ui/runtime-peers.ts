import { fromLineProblem } from '../kit/issue.ts';
import { createRpcPeer, type Handlers, type RpcPeer } from './rpc-peer.ts';
import { parseLine } from '../../shared/neighbours/runtime-ui/ndjson.ts';
import type { NotificationParams } from '../../shared/neighbours/runtime-ui/schemas.ts';
import type { RunRegistry } from './run-registry.ts';
import type { TranscriptModel } from './transcript-view.ts';

/** What the peers of one window need from the client. */
export interface RuntimePeersOptions {
  runs: RunRegistry;
  model: TranscriptModel;
  /** The runtime's requests this window answers (the host dialogs). */
  handlers: Handlers;
  /** Send one line (no newline) to runtime process `generation` through the bridge. */
  send(line: string, generation: number): void;
  problem(message: string, code?: string): void;
  changed(): void;
}

/** The most runtime request ids remembered as taken up (the oldest is forgotten first). */
const MAX_ASKED = 1000;

/**
 * The seed-002 peers of one window: one live peer for the current runtime process, and passive
 * peers for the replayed lines of earlier processes (they show, never answer). A new process gets
 * a new peer (the old one's pending requests are rejected) and an `initialize`. A runtime request
 * is taken up once per window, however often the bridge hands it again; one another window holds
 * is noted on its run and never asked here.
 */
export class RuntimePeers {
  /** The peer of the current runtime process. */
  current: RpcPeer;
  private readonly past = new Map<number, RpcPeer>();
  /** Ids of the current runtime's requests this window has taken up (a request handed again is not asked twice). */
  private asked = new Set<string>();
  /**
   * This window's request ids are unique among the windows sharing the runtime, so no window takes another's response.
   */
  private readonly idPrefix = `ui-${Math.random().toString(36).slice(2, 10)}-`;

  constructor(private readonly options: RuntimePeersOptions) {
    this.current = this.make(options.runs.generation);
  }

  /**
   * A line of runtime process `gen` from the bridge (`replayed`: sent before; `elsewhere`: another window holds it).
   */
  line(text: string, gen: number, replayed: boolean, elsewhere: boolean): void {
    const current = this.options.runs.generation;
    if (gen < current) return this.pastPeer(gen).receiveLine(text, true);
    if (gen !== current) return;
    if (elsewhere) return this.heldElsewhere(text);
    if (this.take(text)) this.current.receiveLine(text, replayed);
  }

  /** A runtime request handed to this window after the window holding it went away. */
  claim(text: string, gen: number): void {
    if (gen === this.options.runs.generation && this.take(text)) this.current.receiveLine(text);
  }

  /**
   * Runtime process `next` is the current one (`running`: it runs now, so it is initialized). Settles once that
   * process answered `initialize` (or at once when it is not running, or not newer than the current one).
   */
  newGeneration(next: number, running: boolean): Promise<void> {
    const runs = this.options.runs;
    // A replayed `started` of an earlier process says nothing about the current one.
    if (next <= runs.generation) return this.initialized;
    runs.endRunsBefore(next, (gen) => `the runtime process that ran it (generation ${gen}) exited`);
    runs.generation = next;
    this.asked = new Set();
    this.current.close('the runtime restarted');
    this.current = this.make(next);
    this.initialized = running ? this.initialize() : Promise.resolve();
    return this.initialized;
  }

  /** The current process's `initialize` (settled at once when it was not running). */
  private initialized: Promise<void> = Promise.resolve();

  private make(gen: number): RpcPeer {
    return createRpcPeer({
      role: 'ui',
      send: (line) => this.options.send(line.trimEnd(), gen),
      idPrefix: this.idPrefix,
      onProblem: (p) => this.options.problem(p.message, fromLineProblem(p).code),
      onNotification: (method, params) => this.onNotification(gen, method, params),
      handlers: this.options.handlers,
    });
  }

  private pastPeer(gen: number): RpcPeer {
    let past = this.past.get(gen);
    if (past === undefined) {
      // Replayed lines of an earlier process: requests there are not answered (that process is gone).
      past = createRpcPeer({
        role: 'ui',
        send: () => undefined,
        onNotification: (method, params) => this.onNotification(gen, method, params),
      });
      this.past.set(gen, past);
    }
    return past;
  }

  private onNotification(gen: number, method: string, params: unknown): void {
    const runs = this.options.runs;
    if (method === 'agent.event') return runs.onEvent(gen, params as NotificationParams<'agent.event'>);
    if (method !== 'run.status' && method !== 'run.context') return;
    const run = runs.runFor(gen, (params as { run_id: string }).run_id).run;
    if (method === 'run.status') {
      const p = params as NotificationParams<'run.status'>;
      return runs.setStatus(run, p.status, p.message);
    }
    run.contextLeft = (params as NotificationParams<'run.context'>).context_left_percent;
    this.options.changed();
  }

  /** False for a runtime request this window has taken up already (a claim can hand it again). */
  private take(text: string): boolean {
    const parsed = parseLine(text);
    if (!parsed.ok || parsed.message.method === undefined || parsed.message.id == null) return true;
    const key = `${typeof parsed.message.id}:${String(parsed.message.id)}`;
    if (this.asked.has(key)) return false;
    this.asked.add(key);
    if (this.asked.size > MAX_ASKED) this.asked.delete(this.asked.values().next().value!);
    return true;
  }

  /** A runtime request another window holds: noted on its run, never asked here, never answered from here. */
  private heldElsewhere(text: string): void {
    const parsed = parseLine(text);
    const params = parsed.ok ? (parsed.message.params as { run_id?: unknown; title?: unknown } | undefined) : undefined;
    if (typeof params?.run_id !== 'string') return;
    const run = this.options.runs.runFor(this.options.runs.generation, params.run_id).run;
    run.notices.push(`“${String(params?.title ?? 'A question').slice(0, 120)}” is being answered in another window.`);
    this.options.changed();
  }

  private async initialize(): Promise<void> {
    const { model, problem, changed } = this.options;
    const peer = this.current;
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
          changed();
        },
        () => undefined,
      );
      if (result.protocol_version !== '0')
        problem(`the runtime speaks protocol ${result.protocol_version}; this UI speaks 0`, 'protocol_version');
      changed();
    } catch (error) {
      problem(`initialize failed: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}
