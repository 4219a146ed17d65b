import type { Interrupt, ResumeEntry } from '@ag-ui/client';
import { isRefusal, type AgentDialogRefusal, type AgentDialogs } from './agent-dialogs.ts';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/**
 * Answers one AG-UI interrupt (human in the loop) through the renderer's host dialogs, drawn
 * outside every generator's tree, so neither the agent nor a program can answer it: a boolean (or
 * absent) `responseSchema` asks yes or no, a string `enum` asks to pick, anything else asks for
 * text (JSON when the schema wants an object, array or number). A dismissed dialog is a
 * `cancelled` resume entry, never a silent yes; a dialog the host refused (blocked, too many,
 * credential wording) is a `cancelled` entry whose payload says why, so the agent can act on it.
 */
export async function answerInterrupt(dialogs: AgentDialogs, interrupt: Interrupt): Promise<ResumeEntry> {
  const schema = (interrupt.responseSchema ?? {}) as { type?: unknown; enum?: unknown; title?: unknown };
  const title = clip(typeof schema.title === 'string' ? schema.title : interrupt.reason || 'The agent asks', 200);
  const message = clip(interrupt.message ?? '', 4000) || undefined;
  const cancelled: ResumeEntry = { interruptId: interrupt.id, status: 'cancelled' };
  const refusedEntry = (refusal: AgentDialogRefusal): ResumeEntry => ({
    interruptId: interrupt.id,
    status: 'cancelled',
    payload: { error: refusal.message, reason: refusal.refused },
  });
  if (Array.isArray(schema.enum) && schema.enum.length > 0 && schema.enum.every((v) => typeof v === 'string')) {
    const values = (schema.enum as string[]).slice(0, 100);
    const items = values.map((v, i) => ({ id: `o${i}`, label: clip(v || '(empty)', 200) }));
    const picked = await dialogs.pick({ title, message, items });
    if (isRefusal(picked)) return refusedEntry(picked);
    const { ids } = picked;
    const chosen = ids[0] === undefined ? undefined : values[Number(ids[0].slice(1))];
    return chosen === undefined ? cancelled : { interruptId: interrupt.id, status: 'resolved', payload: chosen };
  }
  if (schema.type === undefined || schema.type === 'boolean') {
    const confirmed = await dialogs.confirm({ title, message, confirmLabel: 'Approve', cancelLabel: 'Reject' });
    if (isRefusal(confirmed)) return refusedEntry(confirmed);
    const { ok } = confirmed;
    return schema.type === 'boolean'
      ? { interruptId: interrupt.id, status: 'resolved', payload: ok }
      : ok
        ? { interruptId: interrupt.id, status: 'resolved', payload: { approved: true } }
        : cancelled;
  }
  const json =
    schema.type === 'object' || schema.type === 'array' || schema.type === 'number' || schema.type === 'integer';
  const prompted = await dialogs.prompt({ title, message, multiline: json, placeholder: json ? 'JSON' : undefined });
  if (isRefusal(prompted)) return refusedEntry(prompted);
  const { value } = prompted;
  if (value === null) return cancelled;
  if (!json) return { interruptId: interrupt.id, status: 'resolved', payload: value };
  try {
    return { interruptId: interrupt.id, status: 'resolved', payload: JSON.parse(value) as unknown };
  } catch {
    // Not JSON: the agent gets the text and decides (it asked for structure, the person typed words).
    return { interruptId: interrupt.id, status: 'resolved', payload: value };
  }
}
