import type { Renderer } from '../../renderer/index.ts';
import type { Handlers } from './rpc-peer.ts';

/**
 * The runtime's `ui.confirm/prompt/pick.request`s (seed 002) answered through the renderer's HOST
 * dialogs, outside every generator's tree: no generator sees them or their answers. `previewOf`
 * gives the preview of the run a confirm names (a diff, a command), shown under its message.
 */
export function hostDialogHandlers(
  renderer: Pick<Renderer, 'dialogs'>,
  previewOf: (runId: string) => string | undefined,
): Handlers {
  return {
    'ui.confirm.request': async (params) => {
      const preview = params.run_id !== undefined ? previewOf(params.run_id) : undefined;
      const message = preview ? `${params.message}\n\n${preview}` : params.message;
      const answer = await renderer.dialogs.confirm({
        title: params.title.slice(0, 200),
        message: message.slice(0, 4000),
        ...(params.confirm_label ? { confirmLabel: params.confirm_label } : {}),
        ...(params.cancel_label ? { cancelLabel: params.cancel_label } : {}),
        danger: params.danger_level === 'danger',
      });
      return { ok: answer.ok };
    },
    'ui.prompt.request': async (params) => {
      // SECURITY: a secret answer goes from the host dialog's promise straight into this response: never rendered,
      // logged or kept.
      const answer = await renderer.dialogs.prompt({
        title: params.title,
        message: params.message,
        ...(params.default_value !== undefined && !params.secret ? { defaultValue: params.default_value } : {}),
        multiline: params.multiline === true && !params.secret,
        secret: params.secret === true,
      });
      return { value: answer.value };
    },
    'ui.pick.request': async (params) => {
      const answer = await renderer.dialogs.pick({
        title: params.title,
        items: params.items.map((item) => ({
          id: item.id,
          label: item.label,
          ...(item.detail ? { description: item.detail } : {}),
        })),
        multiple: params.multi === true,
      });
      return { ids: answer.ids };
    },
  };
}
