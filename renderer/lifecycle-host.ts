import { PROTOCOL_VERSION, type HostContext, type Limits, type VocabularyEntry } from '../shared/index.ts';
import type { DialogHost } from './dialogs/host-dialogs.ts';
import type { LifecycleHost } from './generator-lifecycle.ts';
import type { MountRegistry } from './mount-registry.ts';
import type { SuipErrorDetail, SuipStatusDetail } from './renderer-types.ts';
import type { SandboxedPrograms } from './sandboxed-programs.ts';
import type { SlotClaims } from './slot-claims.ts';
import type { TrafficTap } from './traffic-tap.ts';
import type { TreeView } from './tree-view.ts';
import { applyGeneratorTransaction, unmountGenerator, viewChanges, type CheckGroup } from '../core/tree/index.ts';
import { checkHostPolicy, effectivePolicy, type HostPolicy } from '../core/policy/host-policy.ts';
import { checkUrlCredentials } from '../core/policy/url-policy.ts';

/** The renderer's parts a generator's lifecycle reaches through its host. */
export interface LifecycleHostParts {
  limits: Limits;
  vocabulary: readonly VocabularyEntry[];
  hostContext: HostContext;
  hostPolicy: HostPolicy;
  checkGroup: CheckGroup;
  initializeTimeoutMs: number;
  prose(): Promise<void> | undefined;
  dialogs: DialogHost;
  registry: MountRegistry;
  slots: SlotClaims;
  programs: SandboxedPrograms;
  view: TreeView;
  traffic: TrafficTap;
  dispatch(name: 'suip-status' | 'suip-error', detail: SuipStatusDetail | SuipErrorDetail): void;
}

/**
 * What every generator's lifecycle calls back into: the handshake's shared result, the checked
 * apply of its transactions to the merged tree, its end (subtree removed or kept), its status,
 * errors and traffic.
 */
export function createLifecycleHost(parts: LifecycleHostParts): LifecycleHost {
  const { limits, hostPolicy, registry, programs, view } = parts;
  const renderer = { name: 'suip', version: '0.1.0' };
  return {
    limits,
    baseResult: {
      protocolVersion: PROTOCOL_VERSION,
      renderer,
      vocabulary: [...parts.vocabulary],
      limits,
      hostContext: parts.hostContext,
      policy: effectivePolicy(hostPolicy),
    },
    initializeTimeoutMs: parts.initializeTimeoutMs,
    prose: parts.prose,
    dialogs: parts.dialogs,
    apply(id, ops) {
      // Every check, given only what the transaction changed: the vocabulary's, the host policy's
      // (a program whose modal the user dismissed opens no other), the URL credentials rule.
      const dismissed = registry.modalDismissed.has(id);
      const check: CheckGroup = (group, path, changed) =>
        parts.checkGroup(group, path, changed) ??
        checkHostPolicy(hostPolicy, group, dismissed) ??
        checkUrlCredentials(group, changed);
      const result = applyGeneratorTransaction(view.tree, id, ops, { limits, checkGroup: check });
      if (!result.ok) return result;
      if (result.tree !== view.tree) view.set(result.tree, viewChanges(id, ops));
      // A generator's first UI is shown at once, not at the next frame: its mount, made by the
      // attach a moment before, started the frame loop, and an in-page generator (the A2UI lane)
      // answers within that frame, so its first paint waited a frame for nothing.
      const lifecycle = registry.generators.get(id);
      if (lifecycle !== undefined && registry.firstApply(lifecycle)) view.showNow();
      programs.applied(id);
      return { ok: true };
    },
    ended(lifecycle, keep, warm) {
      if (registry.generators.get(lifecycle.id) !== lifecycle) {
        warm?.destroy();
        return;
      }
      registry.generators.delete(lifecycle.id);
      programs.ended(lifecycle, keep);
      if (keep) {
        registry.keep(lifecycle.id, warm);
        return;
      }
      parts.slots.forget(lifecycle.id);
      view.set(unmountGenerator(view.tree, lifecycle.id));
      registry.unmounted(lifecycle.id);
    },
    status: (detail) => parts.dispatch('suip-status', detail),
    error: (detail) => parts.dispatch('suip-error', detail),
    traffic: (generatorId, direction, text) => parts.traffic.record(generatorId, direction, text),
  };
}
