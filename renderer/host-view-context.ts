import { componentTags } from './host-components.ts';
import type { MountRegistry } from './mount-registry.ts';
import { refusalReporter } from './refusal-reporter.ts';
import type { RendererOptions } from './renderer-types.ts';
import type { SandboxedPrograms } from './sandboxed-programs.ts';
import type { SlotClaims } from './slot-claims.ts';
import { createBuildBudget } from './view/build-budget.ts';
import type { ViewContext } from './view/view-context.ts';
import type { MergedTree } from '../core/tree/index.ts';
import { urlPolicyFor } from '../core/policy/host-policy.ts';
import type { HostComponent } from './host-components.ts';

/** What the view's context is made of. */
export interface HostViewContextParts {
  options: RendererOptions;
  components: readonly HostComponent[];
  container: HTMLElement;
  registry: MountRegistry;
  slots: SlotClaims;
  programs: SandboxedPrograms;
  /** The merged tree now (events are routed against it). */
  tree(): MergedTree;
}

/**
 * The context every view element receives: where user events go (a sleeping program's are held
 * and wake it), where refusals are reported, what the host grants a program (page modals, focus
 * moves: only right after the user acted in its UI), its slots and its provenance mark.
 */
export function createHostViewContext(parts: HostViewContextParts): ViewContext {
  const { options, registry, container } = parts;
  const hostPolicy = options.hostPolicy ?? {};
  const markOption = hostPolicy.provenanceMark ?? true;
  const mountOf = (path: readonly string[]) => path[0] ?? '';
  return {
    // The URL policy is the host policy's links and media unless the host brings its own checker.
    policy: options.policy ?? urlPolicyFor(hostPolicy),
    ...(options.buildSlices === false ? {} : { budget: createBuildBudget() }),
    emit: (event) => parts.programs.intercept(event) ?? registry.route(parts.tree(), event),
    refuse: refusalReporter((id) => registry.generators.get(id)?.session),
    grants: {
      pageModal: (path) =>
        hostPolicy.pageModals === true &&
        registry.recentlyActed(mountOf(path)) &&
        !registry.modalDismissed.has(mountOf(path)),
      modalDismissed: (path) => void registry.modalDismissed.add(mountOf(path)),
      // SECURITY: a program moves focus only right after the user acted in its UI, and never out of
      // a host element the user is in (focus is in the page body or already in this renderer).
      moveFocus: (path) =>
        registry.recentlyActed(mountOf(path)) &&
        (document.activeElement === document.body || container.contains(document.activeElement)),
    },
    slots: parts.slots,
    ...(options.provenance !== undefined ? { provenance: options.provenance } : {}),
    // SECURITY: by default every program's area names the program, in the tree's own shadow DOM.
    ...(markOption === false ? {} : { provenanceMark: (id: string) => registry.markName(id) }),
    ...(parts.components.length > 0 ? { tags: componentTags(parts.components) } : {}),
  };
}
