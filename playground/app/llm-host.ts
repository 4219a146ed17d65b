import type { RunOutcome } from '../../generator/model/repair-loop.ts';
import type { LlmPanelHost } from '../llm/pg-llm-panel.ts';
import type { PlaygroundHost, SlotId } from './playground-host.ts';

/** The app state the model panel edits: the selected slot's code and whether a model streams into it. */
export interface EditableSlots {
  readonly wiring: { host: PlaygroundHost; systemPrompt(): string } | undefined;
  readonly slot: SlotId;
  codes: Record<SlotId, string>;
  exampleIds: Record<SlotId, string>;
  streaming: boolean;
}

/**
 * The model panel's host: a model's streamed code goes into the selected slot's editor, and the
 * code it streamed over is put back if no program arrives (the one piece of state it owns).
 */
export function createLlmHost(app: EditableSlots): LlmPanelHost {
  /** The editor's code when a model started streaming over it. */
  let codeBeforeStream: string | undefined;
  return {
    systemPrompt: () => app.wiring?.systemPrompt() ?? '',
    showCode: (code, streaming) => {
      if (streaming && codeBeforeStream === undefined) codeBeforeStream = app.codes[app.slot];
      app.streaming = streaming;
      app.codes = { ...app.codes, [app.slot]: code };
    },
    endStreaming: (restore) => {
      if (restore && codeBeforeStream !== undefined) app.codes = { ...app.codes, [app.slot]: codeBeforeStream };
      codeBeforeStream = undefined;
      app.streaming = false;
    },
    run: async (code): Promise<RunOutcome> => {
      app.streaming = false;
      app.codes = { ...app.codes, [app.slot]: code };
      app.exampleIds = { ...app.exampleIds, [app.slot]: '' };
      return app.wiring?.host.judge(app.slot, code) ?? { ok: false, error: 'the playground is not ready' };
    },
    runPrefix: async (code) => {
      app.exampleIds = { ...app.exampleIds, [app.slot]: '' };
      await app.wiring?.host.runPrefix(app.slot, code);
    },
  };
}
