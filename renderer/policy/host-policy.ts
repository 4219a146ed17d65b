import { ErrorCode, isText, type GroupParticle, type ParticleIssue } from '../../shared/index.ts';

/**
 * What only the host may grant a program (all off by default). Programs never see this object;
 * what it refuses, they learn as a PolicyViolation (-32006) naming the option.
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
