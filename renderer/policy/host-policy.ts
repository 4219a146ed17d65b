import { ErrorCode, isText, type EffectivePolicy, type GroupParticle, type ParticleIssue } from '../../shared/index.ts';
import type { UrlPolicy } from '../view/view-context.ts';
import { createUrlPolicy } from './url-policy.ts';

/**
 * The one statement of what a host allows programs (everything optional is off by default). The
 * renderer's checks read it, the URL policy is built from it, and `effectivePolicy()` resolves it
 * into the `policy` of the `suip/initialize` result, from which the system prompt is generated:
 * the prompt, the checks and the handshake cannot disagree. What it refuses, a program learns as
 * a PolicyViolation (-32006) naming the option.
 */
export interface HostPolicy {
  /**
   * Modals in the page's top layer, over the whole host page. Off: a modal is drawn in its
   * program's own area, inside the renderer's box. On: a modal opens page-level only right after a
   * user action in that program's UI. Either way, once the user dismisses a program's modal
   * (Escape or Close), the program may open no other for the rest of its life: a re-open is refused.
   */
  pageModals?: boolean;
  /** Credential inputs (a text-field of kind "password"). Off: refused, so a program cannot ask for a password. */
  credentialInputs?: boolean;
  /**
   * Schemes links may use (default `http:`, `https:`, `mailto:`); script-capable schemes are
   * refused whatever is listed. Used when the renderer builds its URL policy (no `policy` option).
   */
  linkSchemes?: readonly string[];
  /**
   * Where remote media may load from: origins (`https://img.example`) or `'https'` for any https
   * origin. Default `[]`: `data:` media only, since a model-chosen `src` is a request out.
   */
  mediaOrigins?: readonly string[] | 'https';
}

/** The default link schemes (the URL policy's own default). */
const DEFAULT_LINK_SCHEMES: readonly string[] = ['http:', 'https:', 'mailto:'];

/**
 * The host policy resolved for the handshake: every field present, defaults applied. Pure, so a
 * server can generate the prompt for a host it does not run (`systemPrompt(vocabulary, {policy})`).
 */
export function effectivePolicy(policy: HostPolicy = {}): EffectivePolicy {
  const origins = policy.mediaOrigins;
  return {
    credentialInputs: policy.credentialInputs === true,
    pageModals: policy.pageModals === true,
    // This renderer never lets a program re-open a modal the user dismissed (see checkHostPolicy).
    modalReopen: false,
    linkSchemes: [...(policy.linkSchemes ?? DEFAULT_LINK_SCHEMES)].map((scheme) => scheme.toLowerCase()),
    mediaOrigins: origins === 'https' ? 'https' : [...(origins ?? [])],
  };
}

/** The URL allowlist this host policy states (links and media), as the renderer uses it unless given its own. */
export function urlPolicyFor(policy: HostPolicy = {}): UrlPolicy {
  return createUrlPolicy({ ...(policy.linkSchemes !== undefined ? { linkSchemes: policy.linkSchemes } : {}), ...(policy.mediaOrigins !== undefined ? { mediaOrigins: policy.mediaOrigins } : {}) });
}

/** Input kinds that collect credentials. */
const CREDENTIAL_KINDS: ReadonlySet<string> = new Set(['password']);

/**
 * The host-policy half of the group check, run with the vocabulary check on every group a
 * transaction touches (so it holds for every type, present and future): credential inputs, and
 * modals from a program whose modal the user dismissed.
 */
export function checkHostPolicy(policy: HostPolicy, group: GroupParticle, modalDismissed: boolean): ParticleIssue | undefined {
  if (group.type === 'text-field' && policy.credentialInputs !== true) {
    const kind = group.group.find(([id]) => id === 'kind')?.[1];
    if (kind !== undefined && isText(kind) && CREDENTIAL_KINDS.has(kind.text.trim().toLowerCase())) {
      return { code: ErrorCode.PolicyViolation, message: 'a text-field of kind "password" collects a credential, which this host does not let programs ask for (hostPolicy.credentialInputs is off); leave sign-in to the host' };
    }
  }
  if (group.type === 'modal' && modalDismissed) {
    return { code: ErrorCode.PolicyViolation, message: "the user dismissed this program's modal, so it may not open another; show the message in the program's own UI instead" };
  }
  return undefined;
}
