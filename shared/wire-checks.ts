import { precompiled } from './compact-schema.ts';
import type { DataParams } from './data-plane.ts';
import type { DialogParams } from './dialog.ts';
import type { InitializeParams } from './handshake.ts';
import type { OpParamsShallow } from './ops.ts';
import type { DataParticle, GroupShallow, TextParticle } from './particle.ts';
import { WIRE_SCHEMAS as S } from './wire-schemas.generated.ts';

// The renderer's checks, generated ahead of time from the TypeBox schemas (the imports above are
// types only): the renderer entry carries no TypeBox and compiles nothing at run time. Same
// answers and error words as `compile(schema)`; generator/build/wire-schemas.test.ts proves it.

/** `suip/initialize` params. */
export const checkInitializeParams = precompiled<typeof InitializeParams>(S.InitializeParams);
/** `suip/data` params. */
export const checkDataParams = precompiled<typeof DataParams>(S.DataParams);
/** `suip/dialog` params. */
export const checkDialogParams = precompiled<typeof DialogParams>(S.DialogParams);
/** A text particle. */
export const checkTextParticle = precompiled<typeof TextParticle>(S.TextParticle);
/** A data particle. */
export const checkDataParticle = precompiled<typeof DataParticle>(S.DataParticle);
/** A group particle, its children unchecked (the iterative validator walks them). */
export const checkGroupShallow = precompiled<typeof GroupShallow>(S.GroupShallow);
/** `suip/ops/append` params, either form, particles unchecked. */
export const checkAppendParams = precompiled<typeof OpParamsShallow.append>(S.AppendParams);
/** `suip/ops/append` params of the particle form. */
export const checkAppendParticleParams = precompiled<(typeof OpParamsShallow.append.anyOf)[0]>(S.AppendParticleParams);
/** `suip/ops/append` params of the text form (a text append into a text particle). */
export const checkAppendTextParams = precompiled<(typeof OpParamsShallow.append.anyOf)[1]>(S.AppendTextParams);
/** `suip/ops/insert` params, particles unchecked. */
export const checkInsertParams = precompiled<typeof OpParamsShallow.insert>(S.InsertParams);
/** `suip/ops/remove` params. */
export const checkRemoveParams = precompiled<typeof OpParamsShallow.remove>(S.RemoveParams);
/** `suip/ops/replace` params, particles unchecked. */
export const checkReplaceParams = precompiled<typeof OpParamsShallow.replace>(S.ReplaceParams);
