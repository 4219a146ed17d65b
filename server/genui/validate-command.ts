import { DEFAULT_LIMITS, appendOp, compile, type Particle, type VocabularyEntry } from '../../shared/index.ts';
import { applyGeneratorTransaction, createGroupChecker, createMergedTree, mountGenerator } from '../../core/index.ts';
import {
  AddOrUpdateSurfaceChunk,
  DeleteSurfaceChunk,
  type GenuiChunk,
} from '../../shared/neighbours/genui-v1/schemas.ts';
import { translateSurface } from '../../adapters/genui-v1/translate.ts';
import { widgetNamesIn } from '../../adapters/genui-v1/augmentations.ts';

/** A command that may be forwarded, or why not (messages a model can act on). */
export type CommandCheck =
  { ok: true; chunk: GenuiChunk; surfaceId: string } | { ok: false; surfaceId?: string; errors: string[] };

const addCheck = compile(AddOrUpdateSurfaceChunk);
const deleteCheck = compile(DeleteSurfaceChunk);

/**
 * A headless validator of UI commands against a vocabulary: exactly what a browser's renderer would
 * accept. `names` maps a client's widget names to the particle types that stand for them
 * (`augmentedVocabulary().types`); its errors speak of the client's names.
 */
export function createCommandValidator(
  vocabulary: readonly VocabularyEntry[],
  names: ReadonlyMap<string, string> = new Map(),
): (value: unknown) => CommandCheck {
  const checkGroup = createGroupChecker(vocabulary);
  const empty = mountGenerator(createMergedTree(), 'genui');
  return (value) => {
    if (deleteCheck.check(value)) return { ok: true, chunk: value, surfaceId: value.deleteSurface.surfaceId };
    if (!addCheck.check(value)) {
      const add = typeof value === 'object' && value !== null && 'addOrUpdateSurface' in value;
      const surfaceId = (value as { addOrUpdateSurface?: { surfaceId?: unknown } }).addOrUpdateSurface?.surfaceId;
      return {
        ok: false,
        ...(typeof surfaceId === 'string' ? { surfaceId } : {}),
        errors: [
          add
            ? `addOrUpdateSurface ${addCheck.firstError(value)}; write {"addOrUpdateSurface": {"surfaceId": ` +
              `"...", "definition": {"root": "<id>", "widgets": [{"id": "...", "widget": {"<Name>": {props}}}]}}}`
            : 'a UI command is {"addOrUpdateSurface": {...}} or {"deleteSurface": {"surfaceId": "..."}}',
        ],
      };
    }
    const { surfaceId, definition } = value.addOrUpdateSurface;
    // Handlers are string ids here: the wire form a browser's translator produces (functions there).
    let n = 0;
    const translation = translateSurface(definition, {
      vocabulary,
      names,
      bind: (b) => ({ handler: `h${(n += 1)}`, ...(b.data === 'none' ? {} : { data: b.data }) }),
    });
    if (translation.issues.length > 0)
      return {
        ok: false,
        surfaceId,
        errors: translation.issues
          .slice(0, 20)
          .map((i) => `surface "${surfaceId.slice(0, 60)}": ${widgetNamesIn(i.message, names)}`),
      };
    const applied = applyGeneratorTransaction(empty, 'genui', [appendOp([], 'surface', translation.tree as Particle)], {
      limits: DEFAULT_LIMITS,
      checkGroup,
    });
    if (!applied.ok)
      return {
        ok: false,
        surfaceId,
        errors: [`surface "${surfaceId.slice(0, 60)}": ${widgetNamesIn(applied.error.message, names)}`],
      };
    return { ok: true, chunk: value, surfaceId };
  };
}
