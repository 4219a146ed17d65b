import { createRenderer, type Renderer, type RendererOptions } from '../../renderer/index.ts';
import type { LiveErrorCode } from '../../shared/neighbours/live/frames.ts';
import type { LiveClient, LiveStatus } from './live-client.ts';
import { connectLiveProgram, REMOTE_SESSION } from './live-program.ts';
import { connectLiveRemote } from './live-remote.ts';

// Importing this module in Node (server-side rendering, tests) must not throw: the element only exists in a DOM.
const Base: typeof HTMLElement = typeof HTMLElement === 'undefined' ? (class {} as typeof HTMLElement) : HTMLElement;

/**
 * The codes of `suip-live-error`: the server's `error` frames (`LiveErrorCode`, e.g.
 * `ORIGIN_NOT_ALLOWED` when the page's origin is not in the server's `--origins`, `SESSION_ENDED`,
 * `UPGRADE_REQUIRED`), the client's `CONNECT_FAILED` (three sockets in a row never opened: the
 * server is down or unreachable; retrying goes on) and the element's own: the session's program failed in the sandbox
 * (`PROGRAM_FAILED`), its component is not a suip program (`NOT_A_SUIP_PROGRAM`), a remote session
 * failed or is of another runtime (`REMOTE_FAILED`, `NOT_A_REMOTE_SESSION`).
 */
export type SuipLiveErrorCode =
  LiveErrorCode | 'CONNECT_FAILED' | 'PROGRAM_FAILED' | 'NOT_A_SUIP_PROGRAM' | 'REMOTE_FAILED' | 'NOT_A_REMOTE_SESSION';

/** The detail of `suip-live-error`: a code to branch on and a message saying what to do. */
export interface SuipLiveErrorDetail {
  code: SuipLiveErrorCode;
  message: string;
}

/** What `<suip-live>` dispatches (bubbling, composed). */
export interface SuipLiveEventMap {
  /** The connection's state; `detail` says why it ended (`disconnected`: the final error code, or `closed`). */
  'suip-live-status': CustomEvent<{ status: LiveStatus; detail?: string }>;
  /**
   * An error the page should show; after a final one (e.g. ORIGIN_NOT_ALLOWED) the status is `disconnected` and no
   * retry follows.
   */
  'suip-live-error': CustomEvent<SuipLiveErrorDetail>;
  'suip-live-pending': CustomEvent<{ pending: number }>;
}

declare global {
  // So `liveElement.addEventListener('suip-live-error', (e) => e.detail.code)` type-checks, and
  // `document.querySelector('suip-live')` is typed (for the default tag name).
  interface HTMLElementEventMap {
    'suip-live-status': SuipLiveEventMap['suip-live-status'];
    'suip-live-error': SuipLiveEventMap['suip-live-error'];
    'suip-live-pending': SuipLiveEventMap['suip-live-pending'];
  }
  // The events bubble and are composed: a listener on the document sees them too.
  interface DocumentEventMap {
    'suip-live-status': SuipLiveEventMap['suip-live-status'];
    'suip-live-error': SuipLiveEventMap['suip-live-error'];
    'suip-live-pending': SuipLiveEventMap['suip-live-pending'];
  }
  interface HTMLElementTagNameMap {
    'suip-live': SuipLiveElement;
  }
}

/**
 * `<suip-live url="ws://127.0.0.1:6781/ws" session="ses_…" token="…"></suip-live>`: a live
 * session in one line of HTML. It makes its own renderer and connects when all three attributes
 * are set (again when one changes). The mode follows the session: a suip program (`suip/1.0`)
 * runs in the sandbox (program mode), a server-side generator (`suip-remote/1.0`) is attached
 * remotely (remote mode); `mode="program" | "remote"` forces one. `url` may list several
 * space-separated URLs (failover). It reflects `status` (connecting / connected / reconnecting /
 * disconnected) and `pending` (actions not yet drained) as attributes and events.
 */
export class SuipLiveElement extends Base {
  static readonly observedAttributes = ['url', 'session', 'token', 'mode'];
  /** Renderer options (set before connecting): limits, host context, components, policy. */
  rendererOptions: RendererOptions = {};
  private renderer: Renderer | undefined;
  private client: LiveClient | undefined;
  private scheduled = false;

  /** The live client (status, lastSeq, pending, sendAction). */
  get live(): LiveClient | undefined {
    return this.client;
  }

  connectedCallback(): void {
    this.schedule();
  }

  attributeChangedCallback(): void {
    if (this.isConnected) this.schedule();
  }

  disconnectedCallback(): void {
    this.client?.close();
    this.client = undefined;
    void this.renderer?.destroy();
    this.renderer = undefined;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => {
      this.scheduled = false;
      this.start();
    });
  }

  private start(): void {
    const url = this.getAttribute('url');
    const sessionId = this.getAttribute('session');
    const wsToken = this.getAttribute('token');
    this.client?.close();
    this.client = undefined;
    if (!url || !sessionId || !wsToken) return;
    if (this.renderer === undefined) {
      const box = document.createElement('div');
      box.className = 'suip-live-renderer';
      this.replaceChildren(box);
      this.renderer = createRenderer(box, this.rendererOptions);
    }
    this.connect(this.getAttribute('mode') === 'remote' ? 'remote' : 'program', {
      url: url.split(/\s+/).filter(Boolean),
      sessionId,
      wsToken,
    });
  }

  private connect(mode: 'program' | 'remote', target: { url: string[]; sessionId: string; wsToken: string }): void {
    const emit = <K extends keyof SuipLiveEventMap>(type: K, detail: SuipLiveEventMap[K]['detail']) =>
      this.dispatchEvent(new CustomEvent(type, { detail, bubbles: true, composed: true }));
    const options = {
      ...target,
      ...(this.rendererOptions.hostContext ? { hostContext: { ...this.rendererOptions.hostContext } } : {}),
      onStatus: (status: LiveStatus, detail?: string) => {
        this.setAttribute('status', status);
        emit('suip-live-status', { status, ...(detail !== undefined ? { detail } : {}) });
      },
      onPending: (pending: number) => {
        this.setAttribute('pending', String(pending));
        emit('suip-live-pending', { pending });
      },
      onError: (code: string, message: string) => {
        // Auto mode: the session turned out to be driven by a server-side generator.
        if (code === REMOTE_SESSION && mode === 'program' && this.getAttribute('mode') !== 'program') {
          this.client?.close();
          return this.connect('remote', target);
        }
        emit('suip-live-error', { code: code as SuipLiveErrorCode, message });
      },
    };
    this.client =
      mode === 'remote' ? connectLiveRemote(this.renderer!, options) : connectLiveProgram(this.renderer!, options);
  }
}

/** Register `<suip-live>` (idempotent). */
export function defineSuipLive(name = 'suip-live'): void {
  if (customElements.get(name) === undefined) customElements.define(name, class extends SuipLiveElement {});
}
