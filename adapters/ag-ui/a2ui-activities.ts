import { createA2uiClient, type A2uiClient } from '../a2ui/client.ts';
import type { AgUiRenderer } from './connect-ag-ui.ts';

/** The A2UI activity type `@ag-ui/a2ui-middleware` emits (`ACTIVITY_SNAPSHOT`, content `{a2ui_operations: [...]}`). */
export const A2UI_ACTIVITY = 'a2ui-surface';
/** The catalog id the middleware falls back to, and the published id of that same v0.9 basic catalog. */
const MIDDLEWARE_BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/basic_catalog.json';
const BASIC_CATALOG = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';

/** Operations applied from one activity snapshot at most. */
const MAX_OPERATIONS = 1000;

/** The A2UI surfaces of a run, fed by the middleware's activity snapshots. */
export interface A2uiActivities {
  apply(content: unknown): void;
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A user action on an A2UI surface, as `@ag-ui/a2ui-middleware` reads it from `forwardedProps.a2uiAction.userAction`.
 */
export type A2uiUserAction = {
  name: string;
  surfaceId: string;
  sourceComponentId: string;
  context: Record<string, unknown>;
  timestamp: string;
};

/**
 * A2UI carried over AG-UI, through the existing A2UI bridge (`createA2uiClient`, created on the
 * first surface): each snapshot's operations are applied in order; the middleware re-sends the whole
 * surface in each snapshot (`replace: true`), so a surface is created once. Its lifecycle states
 * (`building` is progress; `retrying` and `failed` are reported) carry no operations.
 */
export function createA2uiActivities(
  renderer: AgUiRenderer,
  options: {
    idPrefix: string;
    report(code: string, message: string, subject?: string): void;
    onAction(action: A2uiUserAction): void;
  },
): A2uiActivities {
  let client: A2uiClient | undefined;
  const created = new Set<string>();
  const clientFor = (): A2uiClient =>
    (client ??= createA2uiClient(renderer, {
      idPrefix: options.idPrefix,
      send(out) {
        if (!('action' in out.message)) return;
        const { name, surfaceId, sourceComponentId, context, timestamp } = out.message.action;
        options.onAction({ name, surfaceId, sourceComponentId, context, timestamp });
      },
      onIssue: (found) => options.report(`a2ui_${found.code}`, found.message, found.surfaceId),
    }));
  return {
    apply(content) {
      const body = (content ?? {}) as {
        a2ui_operations?: unknown;
        status?: unknown;
        error?: unknown;
        errors?: unknown;
      };
      const operations = body.a2ui_operations;
      if (!Array.isArray(operations)) {
        if (body.status === 'building') return;
        if (body.status === 'retrying' || body.status === 'failed')
          return options.report(
            `a2ui_${body.status}`,
            `the agent's A2UI surface ${body.status === 'failed' ? 'failed' : 'was refused and is being retried'}: ${JSON.stringify(body.error ?? body.errors ?? '').slice(0, 1000)}`,
          );
        return options.report(
          'bad_a2ui_activity',
          'an a2ui-surface activity without an "a2ui_operations" array was skipped',
        );
      }
      const a2ui = clientFor();
      // SECURITY: bounded per snapshot; what is past the bound is said (issue and note), never dropped silently.
      if (operations.length > MAX_OPERATIONS)
        options.report(
          'a2ui_operations_cut',
          `an a2ui-surface activity had ${operations.length} operations; the first ${MAX_OPERATIONS} were applied and the other ${operations.length - MAX_OPERATIONS} dropped (send a surface in fewer operations)`,
        );
      for (const operation of operations.slice(0, MAX_OPERATIONS)) {
        const create = (operation as { createSurface?: { surfaceId?: unknown; catalogId?: unknown } } | null)
          ?.createSurface;
        if (create?.catalogId === MIDDLEWARE_BASIC_CATALOG) create.catalogId = BASIC_CATALOG;
        if (typeof create?.surfaceId === 'string') {
          if (created.has(create.surfaceId)) continue;
          created.add(create.surfaceId);
        }
        a2ui.receive(operation);
      }
    },
    settle: async () => client?.settle(),
    close: async () => client?.close(),
  };
}
