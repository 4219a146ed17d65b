import type { A2uiOutgoing, A2uiVersion } from '../../shared/neighbours/a2ui/messages.ts';
import { jsonRecord } from './json-record.ts';
import type { PendingActions } from './pending-actions.ts';
import { bindingPointer, resolveDynamic, type Scope } from './resolve.ts';
import type { A2uiComponent, Surface } from './surface.ts';

/** Where an event fires: the bridge's version, the component and its scope, the clock, the waiting actions. */
export interface EventSource {
  version: A2uiVersion;
  surface: Surface;
  component: A2uiComponent;
  scope: Scope;
  now: () => Date;
  pending: PendingActions;
}

/**
 * The `action` message for a component's `event` (its `name` a string): the context resolved in
 * the component's scope, a v0.10 `actionId` when the agent wants a response, and the surface's data
 * model as metadata when the surface sends it.
 */
export function eventAction(source: EventSource, event: Record<string, unknown> & { name: string }): A2uiOutgoing {
  const { version, surface, component, scope } = source;
  const context: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(jsonRecord(event.context) ?? {}))
    context[key] = resolveDynamic(value, scope) ?? null;
  const out: A2uiOutgoing = {
    message: {
      version,
      action: {
        name: event.name,
        surfaceId: surface.id,
        sourceComponentId: component.id,
        timestamp: source.now().toISOString(),
        context,
      },
    },
  };
  // v0.10: the agent asks for an answer per event (wantResponse), and where to keep it (responsePath).
  if (surface.version === 'v0.10' && event.wantResponse === true && 'action' in out.message) {
    const pointer =
      typeof event.responsePath === 'string' ? bindingPointer({ path: event.responsePath }, scope) : undefined;
    out.message.action.wantResponse = true;
    out.message.action.actionId = source.pending.register({ surfaceId: surface.id, pointer });
  }
  if (surface.sendDataModel)
    out.metadata = {
      a2uiClientDataModel: { version, surfaces: { [surface.id]: surface.model.snapshot() } },
    };
  return out;
}
