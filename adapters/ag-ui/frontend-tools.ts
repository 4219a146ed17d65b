import type { Tool } from '@ag-ui/client';
import type { GeneratorHandle, Renderer, SuipErrorDetail, SuipStatusDetail } from '../../renderer/renderer-types.ts';
import { isRefusal, type AgentDialogs } from './agent-dialogs.ts';
import { repairMessage } from '../../generator/model/repair-loop.ts';

/** The data-plane channel a program sends the user's actions on (`suip.output('action', value)`). */
export const ACTION_CHANNEL = 'action';

/** The frontend tool that renders a suip program in the page. */
export const RENDER_PROGRAM_TOOL: Tool = {
  name: 'suip_render_program',
  description:
    "Show UI in the user's page: `code` is a suip program (JavaScript) that runs sandboxed and " +
    "builds UI only from the host's vocabulary with render(...). The result says it rendered, " +
    'or gives the errors to fix (then call again with the corrected program). The program can ' +
    "send the user's choice back with suip.output('action', value) (it reaches you as a user " +
    "message) and read the shared agent state with suip.onInput('agui.state', (state) => ...).",
  parameters: {
    type: 'object',
    properties: {
      code: { type: 'string', description: 'The complete program.' },
      title: { type: 'string', description: 'A short name for the UI.' },
    },
    required: ['code'],
  },
};

/** The frontend tool that asks the user in a host dialog (human in the loop). */
export const ASK_USER_TOOL: Tool = {
  name: 'suip_ask_user',
  description:
    'Ask the user one question in a dialog the host draws and waits for: kind "confirm" ' +
    '(yes/no), "prompt" (free text) or "pick" (one of options). The result is the answer: ' +
    '{"ok": true|false}, {"value": "text"|null} or {"choice": "option"|null}.',
  parameters: {
    type: 'object',
    properties: {
      kind: { type: 'string', enum: ['confirm', 'prompt', 'pick'] },
      title: { type: 'string' },
      message: { type: 'string' },
      options: { type: 'array', items: { type: 'string' } },
    },
    required: ['kind', 'title'],
  },
};

const clip = (text: unknown, max: number) => {
  const value = typeof text === 'string' ? text : '';
  return value.length > max ? `${value.slice(0, max - 1)}…` : value;
};

/** Runs `suip_ask_user` through the host dialogs; the answer, or why the arguments were refused, as the tool result. */
export async function askUser(dialogs: AgentDialogs, args: Record<string, unknown>): Promise<string> {
  const title = clip(args.title, 200) || 'The agent asks';
  const message = clip(args.message, 4000) || undefined;
  // A refusal (blocked, too many, credential wording) is the tool result: the agent reads why.
  const answer = (result: object) =>
    JSON.stringify(isRefusal(result) ? { error: result.message, reason: result.refused } : result);
  if (args.kind === 'confirm') return answer(await dialogs.confirm({ title, message }));
  if (args.kind === 'prompt') return answer(await dialogs.prompt({ title, message }));
  if (args.kind === 'pick') {
    const options = Array.isArray(args.options)
      ? args.options.filter((o): o is string => typeof o === 'string' && o !== '').slice(0, 100)
      : [];
    if (options.length === 0)
      return JSON.stringify({ error: 'kind "pick" needs "options": a non-empty array of strings' });
    const picked = await dialogs.pick({
      title,
      message,
      items: options.map((label, i) => ({ id: `o${i}`, label: clip(label, 200) })),
    });
    if (isRefusal(picked)) return answer(picked);
    const { ids } = picked;
    return JSON.stringify({ choice: ids[0] === undefined ? null : (options[Number(ids[0].slice(1))] ?? null) });
  }
  return JSON.stringify({ error: 'unknown "kind": use "confirm", "prompt" or "pick"' });
}

/** The part of a renderer the program tool needs. */
export type ProgramRenderer = Pick<Renderer, 'attach' | 'detach' | 'snapshot'> & Partial<Pick<Renderer, 'onTraffic'>>;

/** How a program the agent sent ended its first render: it rendered (the handle), or the errors for the agent. */
export type ProgramOutcome = { ok: true; handle: GeneratorHandle } | { ok: false; error: string };

function hasContent(snapshot: unknown, id: string): boolean {
  const group = (snapshot as { group?: Array<[string, { group?: unknown[] }]> }).group ?? [];
  const mine = group.find(([gid]) => gid === id)?.[1];
  return Array.isArray(mine?.group) && mine.group.length > 0;
}

/**
 * Runs a program the agent sent in a fresh sandbox (`renderer.attach`: Worker inside a
 * `sandbox="allow-scripts"` iframe, budgets, watchdog) and judges its first render as the
 * playground's repair loop does: any error the renderer or the sandbox reports, a stop, or nothing
 * rendered within `renderMs` is a failure worded for the model (`repairMessage`); a program that
 * renders is watched `settleMs` more, since errors often follow the first frame. `onOutput` hears
 * the program's outputs from the moment it is attached: the user can press what it shows before
 * that judgement ends, and a press then must not be lost unheard.
 */
export async function runProgram(
  renderer: ProgramRenderer,
  id: string,
  code: string,
  name: string,
  {
    renderMs = 4000,
    settleMs = 400,
    onOutput,
  }: { renderMs?: number; settleMs?: number; onOutput?: (channel: string, value: unknown) => void } = {},
): Promise<ProgramOutcome> {
  const errors: string[] = [];
  let stopped: string | undefined;
  const onError = (event: Event) => {
    const detail = (event as CustomEvent<SuipErrorDetail>).detail;
    if (detail?.generatorId === id && errors.length < 10)
      errors.push(
        `${detail.error.message}${detail.error.data === undefined ? '' : ` ${JSON.stringify(detail.error.data).slice(0, 300)}`}`,
      );
  };
  const onStatus = (event: Event) => {
    const detail = (event as CustomEvent<SuipStatusDetail>).detail;
    if (detail?.generatorId === id && (detail.status === 'error' || detail.status === 'terminated'))
      stopped = `The program stopped (${detail.reason ?? detail.status}): ${detail.message ?? ''}`;
  };
  // The renderer's events bubble (composed) to the document from wherever the host mounted it.
  document.addEventListener('suip-error', onError);
  document.addEventListener('suip-status', onStatus);
  // The merged tree is copied whole by snapshot(), so it is looked at only after this program sent
  // something (the traffic tap names the sender), not every 50 ms while other mounts are large.
  let sent = renderer.onTraffic === undefined;
  const untap = renderer.onTraffic?.((record) => {
    if (record.generatorId === id && record.direction === 'in') sent = true;
  });
  try {
    let handle: GeneratorHandle;
    try {
      handle = await renderer.attach({ id, name, originKind: 'agent', code, outputs: [ACTION_CHANNEL] });
    } catch (error) {
      return { ok: false, error: repairMessage(error instanceof Error ? error.message : String(error)) };
    }
    if (onOutput !== undefined) handle.onOutput(onOutput);
    const started = performance.now();
    let renderedAt: number | undefined;
    for (;;) {
      const failure = errors.length > 0 ? errors.join('\n') : stopped;
      if (failure !== undefined) {
        await renderer.detach(id).catch(() => undefined);
        return { ok: false, error: repairMessage(failure) };
      }
      const now = performance.now();
      if (renderedAt === undefined && sent) {
        sent = renderer.onTraffic === undefined;
        if (hasContent(renderer.snapshot(), id)) renderedAt = now;
      }
      if (renderedAt !== undefined && now - renderedAt >= settleMs) return { ok: true, handle };
      if (renderedAt === undefined && now - started >= renderMs) {
        await renderer.detach(id).catch(() => undefined);
        return {
          ok: false,
          error: repairMessage(
            `The program ran but rendered nothing within ${renderMs / 1000} s. Call render(view()) at the top level of the program.`,
          ),
        };
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    untap?.();
    document.removeEventListener('suip-error', onError);
    document.removeEventListener('suip-status', onStatus);
  }
}
