import { createJsonUnitParser, type JsonStreamEvent } from '../streaming/index.ts';
import { MAX_MESSAGE_CHARS, type A2uiBridge, type A2uiIssue } from './bridge.ts';

/**
 * The text roles of the basic catalog that stream while a component is still being written
 * (component name → props). Everything else (ids, component names, child ids, URLs, bindings,
 * actions) is shown only once its component has closed.
 */
export const A2UI_TEXT_ROLES: ReadonlyMap<string, readonly string[]> = new Map([['Text', ['text']]]);

/**
 * The longest text a preview shows while its line is still being written (characters). Each preview
 * re-renders the growing text, so without a cap a 4 MB Text streamed in pieces costs the host time
 * quadratic in its length; past the cap the preview waits, and the line's end shows the text whole
 * (or refuses it, over the message bound).
 */
export const PREVIEW_TEXT_CHARS = 64 * 1024;

/** Feeds an A2UI JSONL stream that is still arriving into a bridge, piece by piece. */
export interface A2uiFeed {
  /** The next piece of the stream (any length, split anywhere); returns the problems it completed. */
  push(chunk: string): A2uiIssue[];
  /** The stream ended; a last line without a line end is applied, a cut one is reported. */
  end(): A2uiIssue[];
  /** Messages (lines) applied so far. */
  readonly messages: number;
}

/**
 * Progressive A2UI (issue 17, design §8): while an `updateComponents` line is still being written,
 * each component is shown the moment it closes, and a Text's `text` grows as it streams (suip's
 * diff sends it as text-append). A child that has not arrived is a placeholder under its final id,
 * filled in place when it comes. Until the line ends all of this is a preview: at the line end the
 * preview is dropped and the whole message is applied exactly as `receiveText` would, so the final
 * tree equals a non-streamed run, and a line that turns out invalid leaves nothing behind.
 * A preview needs the message's `version` (one the bridge speaks) and `surfaceId` first; components
 * that close before them wait (in order) and are shown when both are known.
 */
export function createA2uiFeed(bridge: A2uiBridge): A2uiFeed {
  const parser = createJsonUnitParser({
    units: ['$.updateComponents.components.*'],
    context: ['$.version', '$.updateComponents.surfaceId'],
    cuttable: (inUnit, unit) => {
      if (inUnit.length !== 1 || Array.isArray(unit)) return false;
      const { id, component } = unit as Record<string, unknown>;
      return (
        typeof id === 'string' &&
        typeof component === 'string' &&
        (A2UI_TEXT_ROLES.get(component)?.includes(String(inUnit[0])) ?? false)
      );
    },
    limits: { maxDocumentChars: MAX_MESSAGE_CHARS },
  });
  const spoken = new Set(['v0.9', 'v0.9.1', bridge.version]);
  let document = -1;
  let version: string | undefined;
  let surfaceId: string | undefined;
  let waiting: Array<readonly [unknown, number]> = [];
  let messages = 0;

  const ready = () => version !== undefined && spoken.has(version) && surfaceId !== undefined;
  const show = (component: unknown, index: number) => {
    if (ready()) bridge.preview(surfaceId!, component, index);
    else if (waiting.length < 10_000) waiting.push([component, index]);
  };
  const finish = () => {
    if (surfaceId !== undefined) bridge.endPreview(surfaceId);
    version = undefined;
    surfaceId = undefined;
    waiting = [];
  };
  const handle = (e: JsonStreamEvent): A2uiIssue[] => {
    if (e.document !== document) {
      document = e.document;
      finish();
    }
    switch (e.kind) {
      case 'value':
        if (typeof e.value !== 'string') return [];
        if (e.path[0] === 'version') version = e.value;
        else surfaceId = e.value;
        if (ready()) {
          for (const [component, index] of waiting) bridge.preview(surfaceId!, component, index);
          waiting = [];
        }
        return [];
      case 'unit':
        show(e.value, Number(e.path[2]));
        return [];
      case 'text':
        if (e.text.length - e.delta.length < PREVIEW_TEXT_CHARS) show(e.unit, Number(e.unitPath[2]));
        return [];
      case 'document':
        finish();
        messages += 1;
        return bridge.receiveValue(e.value);
      case 'error':
        finish();
        return bridge.rejectText(
          e.error.code === 'LIMIT_EXCEEDED' ? 'LIMIT_EXCEEDED' : 'VALIDATION_FAILED',
          `an A2UI message is not JSON: ${e.error.message}`,
        );
    }
  };
  return {
    push: (chunk) => parser.push(chunk).flatMap(handle),
    end: () => parser.end().flatMap(handle),
    get messages() {
      return messages;
    },
  };
}
