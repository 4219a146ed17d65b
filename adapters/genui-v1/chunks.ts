import { compile } from '../../shared/index.ts';
import {
  AddOrUpdateSurfaceChunk,
  DeleteSurfaceChunk,
  DropPreviewChunk,
  MessageChunk,
  PreviewChunk,
  TextChunk,
} from '../../shared/neighbours/genui-v1/schemas.ts';
import type { SurfaceMounts } from './surface-mounts.ts';
import type { TranscriptMount } from './transcript-mount.ts';

const checks = {
  preview: compile(PreviewChunk),
  drop: compile(DropPreviewChunk),
  add: compile(AddOrUpdateSurfaceChunk),
  del: compile(DeleteSurfaceChunk),
  text: compile(TextChunk),
  message: compile(MessageChunk),
};

/**
 * Applies one chunk of a GenUI answer to the surfaces and the transcript; returns the final
 * message's text when the chunk is the `message` that ends the turn. A chunk that is none of the
 * known ones is skipped and said.
 */
export function applyChunk(value: unknown, surfaces: SurfaceMounts, transcript: TranscriptMount): string | undefined {
  if (checks.preview.check(value)) {
    const { surfaceId, definition } = value.addOrUpdateSurface;
    surfaces.preview(surfaceId, definition);
  } else if (checks.drop.check(value)) surfaces.dropPreview(value.suip.dropPreview);
  else if (checks.add.check(value)) {
    const { surfaceId, definition } = value.addOrUpdateSurface;
    surfaces.commit(surfaceId, definition);
  } else if (checks.del.check(value)) surfaces.delete(value.deleteSurface.surfaceId);
  else if (checks.message.check(value)) {
    const text = value.message.parts.map((p) => p.text).join('');
    transcript.finish(text);
    return text;
  } else if (checks.text.check(value)) transcript.append(value.text);
  else {
    const surfaceLike = typeof value === 'object' && value !== null && 'addOrUpdateSurface' in value;
    transcript.issue({
      code: 'unknown_chunk',
      message:
        'a chunk that is none of addOrUpdateSurface, deleteSurface, text, message was skipped' +
        (surfaceLike ? ` (${checks.add.firstError(value)})` : ''),
    });
  }
  return undefined;
}
