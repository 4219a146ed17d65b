import type { RemoteAttachTarget } from '../../generator/runtime/local-generator.ts';
import { createUrlPolicy } from '../../core/policy/url-policy.ts';
import { A2uiBridge, type A2uiBridgeOptions, type A2uiIssue } from './bridge.ts';
import type { A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { createA2uiFeed, type A2uiFeed } from './progressive-feed.ts';
import { createHoldingGate } from '../../shared/sliced-reader.ts';
import { openAgentStream, refuseUnreadable, type StreamMode } from '../kit/agent-stream.ts';
import { readA2uiStream } from './read-a2ui-stream.ts';
import { SurfaceGenerators, type GeneratorHandle } from './surface-generators.ts';

/** Options of `createA2uiClient`. */
export interface A2uiClientOptions extends Omit<A2uiBridgeOptions, 'send' | 'onChange' | 'onDelete'> {
  /** Client → server traffic (actions with metadata, errors): an HTTP POST, the live channel, … */
  send(out: A2uiOutgoing): void;
  /** Prefix of the generator mount ids (`<prefix>-1`, `<prefix>-2`, …); default `a2ui`. */
  idPrefix?: string;
  /** Problems with incoming messages (also sent to the agent as `error`). */
  onIssue?(issue: A2uiIssue): void;
  /**
   * The in-page lane (default true): each surface's transactions go to the renderer's session as
   * ops, not as JSON texts over the memory channel (validated, applied and answered the same; see
   * docs/benchmarks.md, "Item 2: the in-page A2UI lane"). False keeps the wire path.
   */
  lane?: boolean;
  /**
   * Direct ops (default true): a data-model change that re-translated one bound instance is sent
   * as that instance's ops (`renderChange`), not by rendering and diffing the whole surface; the
   * renderer validates, applies and answers them the same (docs/benchmarks.md, "Item 2: the
   * bridge's direct ops"). False renders every change whole.
   */
  directOps?: boolean;
  /** The host's own fetch for `connect` (auth, tests): the stream is then read on the page's thread, in slices. */
  fetch?(input: string, init: RequestInit): Promise<Response>;
  /**
   * Told once per `connect` where its stream is read: `worker` (fetched, framed and bounded in the
   * stream Worker) or `sliced` (the page's CSP refused the Worker, or the host gave its own fetch).
   */
  onStreamMode?(mode: StreamMode, message: string): void;
}

/** A host-side A2UI client: one in-page suip generator per surface, fed by a bridge. */
export interface A2uiClient {
  readonly bridge: A2uiBridge;
  /** Applies one message (already parsed). */
  receive(message: unknown): void;
  /** Applies one JSON text (a JSONL line or an SSE event's data). */
  receiveText(text: string): void;
  /**
   * A progressive feed for a JSONL stream still arriving in pieces (an HTTP body, a model's text
   * deltas): components show as they close and Text grows as it streams (see `createA2uiFeed`).
   * Its problems go to `onIssue`.
   */
  feed(): Pick<A2uiFeed, 'push' | 'end' | 'messages'>;
  /**
   * Fetches an A2UI stream and applies it: JSONL progressively (components appear while a line is
   * still being written), SSE (text/event-stream) one event at a time.
   */
  connect(url: string, init?: RequestInit): Promise<number>;
  /** Renders every pending change now (tests and e2e wait on it). */
  settle(): Promise<void>;
  /** Detaches every surface's generator. */
  close(): Promise<void>;
}

/**
 * Creates an A2UI client on a suip renderer. Each `createSurface` attaches one local generator
 * (`createLocalGenerator`: trusted translator code, validated and budgeted by the renderer like a
 * sandboxed one); each change re-translates that surface (only the bound instances on a data-model
 * change) and `render`s it, or sends the one re-translated instance's ops (`directOps`); suip's keyed diff
 * sends only what changed. `openUrl` defaults to the renderer's link rules (http, https, mailto)
 * and opens a new tab without opener.
 */
export function createA2uiClient(
  renderer: RemoteAttachTarget<GeneratorHandle>,
  options: A2uiClientOptions,
): A2uiClient {
  const links = createUrlPolicy();
  const generators = new SurfaceGenerators(
    renderer,
    { prefix: options.idPrefix ?? 'a2ui', lane: options.lane !== false, directOps: options.directOps !== false },
    () => bridge,
  );
  /** Whether a stream read holds messages it has read but not handed on (it yields to the host between slices). */
  const holding = createHoldingGate();
  const bridge: A2uiBridge = new A2uiBridge({
    ...options,
    send: (out) => options.send(out),
    openUrl:
      options.openUrl ??
      ((url) => {
        const href = links.linkHref(url);
        if (href !== undefined && typeof window !== 'undefined') window.open(href, '_blank', 'noopener,noreferrer');
      }),
    onChange: (surfaceId) => generators.get(surfaceId).view.schedule(),
    onDelete: (surfaceId) => generators.delete(surfaceId),
  });
  const report = (issues: A2uiIssue[]) => {
    for (const issue of issues) options.onIssue?.(issue);
  };
  const feed = () => {
    const inner = createA2uiFeed(bridge);
    return {
      push: (chunk: string) => (report(inner.push(chunk)), []),
      end: () => (report(inner.end()), []),
      get messages() {
        return inner.messages;
      },
    };
  };
  return {
    bridge,
    receive: (message) => report(bridge.receive(message)),
    receiveText: (text) => report(bridge.receiveText(text)),
    feed,
    async connect(url, init = {}) {
      // The one door for untrusted agent streams (adapters/kit/agent-stream.ts): read in the stream
      // Worker where the host allows one, else on the page in slices that yield.
      const stream = await openAgentStream(url, init, {
        ...(init.signal ? { signal: init.signal } : {}),
        ...(options.fetch ? { fetch: options.fetch } : {}),
        ...(options.onStreamMode ? { onMode: options.onStreamMode } : {}),
      });
      await refuseUnreadable(stream, 'A2UI stream', url);
      return readA2uiStream(stream, { bridge, report, feed, onHolding: holding.read() });
    },
    async settle() {
      // Messages a read holds (taken from the network, not yet handed on) are pending changes too.
      await holding.settle(() => generators.flush());
    },
    close: () => generators.close(),
  };
}
