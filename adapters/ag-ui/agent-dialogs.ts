import type { HostDialogs } from '../../renderer/dialogs/host-dialogs.ts';
import { credentialTerm } from '../../renderer/dialogs/credential-wording.ts';

/** Bounds of the agent's dialogs (the same rules a program's `suip/dialog` gets, applied per user message). */
export interface AgentDialogLimits {
  /** Dialogs the agent may open between two messages of the user (frontend tool and interrupts together). Default 5. */
  perSend: number;
  /**
   * After this many dismissed agent dialogs within `blockOfferWindowMs`, the host offers to block them. Default 3; 0
   * never offers.
   */
  blockOfferAfter: number;
  blockOfferWindowMs: number;
}

const DEFAULTS: AgentDialogLimits = { perSend: 5, blockOfferAfter: 3, blockOfferWindowMs: 30_000 };

/** Why an agent's dialog was not shown; the text goes back to the agent as the tool result or interrupt answer. */
export type AgentDialogRefusal = {
  refused: 'dialogs-blocked' | 'too-many-dialogs' | 'credential-wording';
  message: string;
};

/** A dialog the agent asks for: the texts the user reads, and the draw call once it may open. */
type Texts = Array<string | undefined>;

/** The params with the banner naming the agent (`HostDialogs`' `origin`, drawn as "AI agent · name"). */
type WithOrigin<P> = P & { origin: string; originKind: 'agent' };

/**
 * The agent's access to the host dialogs. The renderer's `HostDialogs` are the host's own (no
 * banner, no gate), and an agent is not the host: every dialog it opens carries a banner naming the
 * agent, text asking for a credential is refused (the same tripwire as programs' dialogs), at most
 * `perSend` open per user message, and after repeated dismissals the user is asked whether to block
 * the agent's dialogs for the rest of the connection.
 */
export class AgentDialogs {
  readonly limits: AgentDialogLimits;
  /** The name the banner shows. */
  readonly agentName: string;
  #opened = 0;
  #dismissals: number[] = [];
  #blocked = false;

  constructor(
    private readonly dialogs: HostDialogs,
    agentName: string,
    limits: Partial<AgentDialogLimits> = {},
    private readonly onRefused: (refusal: AgentDialogRefusal) => void = () => undefined,
  ) {
    this.limits = { ...DEFAULTS, ...limits };
    // Bounded so a long name cannot push the question out of the banner's view.
    this.agentName = agentName.trim().slice(0, 80) || 'AG-UI agent';
  }

  /** True once the user blocked the agent's dialogs. */
  get blocked(): boolean {
    return this.#blocked;
  }

  /** The user sent a message: the agent may ask again (`perSend` more). */
  userActed(): void {
    this.#opened = 0;
  }

  /** Allow the agent's dialogs again after the user blocked them. */
  unblock(): void {
    this.#blocked = false;
    this.#dismissals = [];
  }

  /** Why a dialog with these texts may not open now, or undefined. */
  refusal(texts: Texts): AgentDialogRefusal | undefined {
    // SECURITY: a blocked agent opens nothing more over the page until the host allows it again.
    if (this.#blocked)
      return {
        refused: 'dialogs-blocked',
        message:
          "the user blocked this agent's dialogs after dismissing several; do not ask again in a " +
          'dialog, ask in your reply instead',
      };
    if (this.#opened >= this.limits.perSend)
      return {
        refused: 'too-many-dialogs',
        message: `at most ${this.limits.perSend} dialogs per user message; ask the rest in your reply and wait for the user's next message`,
      };
    const term = credentialTerm(texts.filter((t) => t !== undefined).join(' '));
    // SECURITY: a page-wide dialog may not ask for a credential, so an agent cannot pose as the site's sign-in.
    if (term !== undefined)
      return {
        refused: 'credential-wording',
        message: `the dialog asks for a credential ("${term}"): this host never lets an agent ask for passwords, codes, PINs or card numbers in a dialog; leave sign-in to the host, or reword it if it is not a credential`,
      };
    return undefined;
  }

  /** Asks yes or no, or says why not. */
  confirm(params: Parameters<HostDialogs['confirm']>[0]): Promise<{ ok: boolean } | AgentDialogRefusal> {
    return this.#open(
      [params.title, params.message, params.confirmLabel, params.cancelLabel],
      () => this.dialogs.confirm(this.#origin(params)),
      (r) => !r.ok,
    );
  }

  /** Asks for text, or says why not (never a secret field: an agent gets no password input). */
  prompt(params: Parameters<HostDialogs['prompt']>[0]): Promise<{ value: string | null } | AgentDialogRefusal> {
    const { secret: _secret, ...plain } = params;
    return this.#open(
      [plain.title, plain.message, plain.placeholder, plain.defaultValue],
      () => this.dialogs.prompt(this.#origin(plain)),
      (r) => r.value === null,
    );
  }

  /** Asks to pick, or says why not. */
  pick(params: Parameters<HostDialogs['pick']>[0]): Promise<{ ids: string[] } | AgentDialogRefusal> {
    return this.#open(
      [params.title, params.message, ...params.items.flatMap((i) => [i.label, i.description])],
      () => this.dialogs.pick(this.#origin(params)),
      (r) => r.ids.length === 0,
    );
  }

  #origin<P extends object>(params: P): WithOrigin<P> {
    // The renderer's dialog view draws `origin` as the "AI agent · name" banner that no text can style away.
    return { ...params, origin: this.agentName, originKind: 'agent' };
  }

  async #open<R>(
    texts: Texts,
    show: () => Promise<R>,
    dismissed: (result: R) => boolean,
  ): Promise<R | AgentDialogRefusal> {
    const refused = this.refusal(texts);
    if (refused !== undefined) {
      this.onRefused(refused);
      return refused;
    }
    this.#opened += 1;
    const result = await show();
    if (dismissed(result) && this.#dismissedNow()) await this.#offerBlock();
    return result;
  }

  #dismissedNow(): boolean {
    const { blockOfferAfter, blockOfferWindowMs } = this.limits;
    if (blockOfferAfter === 0) return false;
    const now = performance.now();
    this.#dismissals = [...this.#dismissals.filter((at) => now - at <= blockOfferWindowMs), now];
    return this.#dismissals.length >= blockOfferAfter;
  }

  async #offerBlock(): Promise<void> {
    // The host's own question (no banner): only the agent's name comes from outside, and it is bounded.
    const { ok } = await this.dialogs.confirm({
      title: `Block dialogs from “${this.agentName}”?`,
      message: `You dismissed ${this.limits.blockOfferAfter} of its dialogs within ${Math.round(this.limits.blockOfferWindowMs / 1000)} s. Blocked, the agent can still answer in the conversation, but opens no more dialogs.`,
      confirmLabel: 'Block its dialogs',
      cancelLabel: 'Keep allowing',
    });
    this.#dismissals = [];
    if (ok) this.#blocked = true;
  }
}

/** True when a dialog answer is a refusal. */
export function isRefusal(value: object): value is AgentDialogRefusal {
  return 'refused' in value;
}
