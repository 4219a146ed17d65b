import type { VocabularyEntry } from '../../shared/index.ts';
import {
  createSurfaceStream,
  genuiTextRoles,
  type SurfacePreview,
  type SurfaceStream,
} from '../../adapters/genui-v1/progressive.ts';
import type { PreviewChunk, DropPreviewChunk } from '../../shared/neighbours/genui-v1/schemas.ts';

/** Sends preview chunks of the surfaces a model is still writing (opt-in: `"suip": {"progressive": true}`). */
export interface PreviewSender {
  /** A piece of a content line that may be a UI command (the answer parser's `partial` events). */
  content(text: string): void;
  /** A piece of a streamed tool call. */
  tool(index: number, name: string | undefined, args: string): void;
  /** The complete command for this surface is being forwarded: it supersedes the preview. */
  committed(surfaceId: string): void;
  /**
   * A command was refused or broke: its preview is withdrawn (without an id: the preview of the content line that just
   * ended).
   */
  refused(surfaceId?: string): void;
  /** The turn ends: whatever is still previewed is withdrawn. */
  end(): void;
}

/**
 * The server side of progressive GenUI surfaces (design §3.3, §8): while the model writes an
 * `addOrUpdateSurface` (a ```genui line or a tool call), intermediate chunks carry the widgets
 * complete so far, a widget still being written with its text cut short, and `"suip":
 * {"preview": true}`; at most one every `throttleMs` (the first at once, the last one never lost).
 * They are valid `addOrUpdateSurface` chunks of the seed, sent only to a client that asked. The
 * complete, validated command follows as usual and supersedes the preview; a command refused or
 * cut is withdrawn with `{"suip": {"dropPreview": "<surfaceId>"}}`, so nothing of it stays.
 */
export function createPreviewSender(
  vocabulary: readonly VocabularyEntry[],
  write: (chunk: PreviewChunk | DropPreviewChunk) => void,
  options: { throttleMs?: number } = {},
): PreviewSender {
  const throttleMs = options.throttleMs ?? 100;
  const roles = genuiTextRoles(vocabulary);
  const lines = createSurfaceStream(vocabulary, 'line', roles);
  const tools = new Map<number, { name: string; stream: SurfaceStream }>();
  const shown = new Set<string>();
  let pending: SurfacePreview | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastSent = -Infinity;

  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    if (pending === undefined) return;
    write({ addOrUpdateSurface: pending, suip: { preview: true } });
    shown.add(pending.surfaceId);
    pending = undefined;
    lastSent = Date.now();
  };
  const offer = (preview: SurfacePreview | undefined) => {
    if (preview === undefined) return;
    // Another surface's preview waiting goes out first: each surface's last state is sent.
    if (pending !== undefined && pending.surfaceId !== preview.surfaceId) flush();
    pending = preview;
    const wait = lastSent + throttleMs - Date.now();
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
  const withdraw = (surfaceId: string) => {
    if (pending?.surfaceId === surfaceId) pending = undefined;
    if (!shown.delete(surfaceId)) return;
    write({ suip: { dropPreview: surfaceId } });
  };

  return {
    content: (text) => offer(lines.push(text)),
    tool(index, name, args) {
      let call = tools.get(index);
      if (call === undefined) {
        call = { name: '', stream: createSurfaceStream(vocabulary, 'tool', roles) };
        tools.set(index, call);
      }
      if (name !== undefined) call.name += name;
      if (call.name === 'addOrUpdateSurface') offer(call.stream.push(args));
    },
    committed(surfaceId) {
      if (pending?.surfaceId === surfaceId) pending = undefined;
      shown.delete(surfaceId);
    },
    refused(surfaceId) {
      const id = surfaceId ?? lines.surfaceId;
      if (id !== undefined) withdraw(id);
    },
    end() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
      for (const id of [...shown]) withdraw(id);
    },
  };
}
