import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Method } from './methods.ts';
import { Particle, ParticleId, ParticlePath } from './particle.ts';

/**
 * The four ops, SUIP's only way to change the tree. A batch array of ops is one transaction,
 * applied all-or-nothing. A `remove` then `insert`/`append` of the same id in one transaction is
 * a move: omit `particle` in the insert/append to move the removed particle itself (its identity,
 * and so its DOM node, focus and input state, survive). `append` with `{path, text}` appends to the
 * text particle at `path` (streaming costs the new characters, not the whole text).
 */
const opParams = <P extends TSchema>(particle: P) => ({
  append: Type.Union([
    Type.Object(
      { path: ParticlePath, id: ParticleId, particle: Type.Optional(particle) },
      {
        additionalProperties: false,
        description:
          'Add as the last child of the group at path (omit particle to ' +
          'move the one removed earlier in this transaction).',
      },
    ),
    Type.Object(
      { path: ParticlePath, text: Type.String() },
      { additionalProperties: false, description: 'Append characters to the text particle at path.' },
    ),
  ]),
  insert: Type.Object(
    { path: ParticlePath, id: ParticleId, particle: Type.Optional(particle), before: ParticleId },
    { additionalProperties: false, description: 'Add before sibling `before` in the group at path.' },
  ),
  remove: Type.Object(
    { path: Type.Array(ParticleId, { minItems: 1 }) },
    { additionalProperties: false, description: 'Remove the particle whose path ends with its id.' },
  ),
  replace: Type.Object(
    { path: Type.Array(ParticleId, { minItems: 1 }), particle },
    { additionalProperties: false, description: 'Replace the particle whose path ends with its id.' },
  ),
});

/** Op params with particles unchecked: the shallow shapes the validator checks before walking particles itself. */
export const OpParamsShallow = opParams(Type.Unknown());
/** Op params, recursively typed: the TypeScript types and the JSON Schema. */
export const OpParams = opParams(Particle);

/** Params of `suip/ops/append`. */
export type AppendParams = Static<typeof OpParams.append>;
/** Params of `suip/ops/insert`. */
export type InsertParams = Static<typeof OpParams.insert>;
/** Params of `suip/ops/remove`. */
export type RemoveParams = Static<typeof OpParams.remove>;
/** Params of `suip/ops/replace`. */
export type ReplaceParams = Static<typeof OpParams.replace>;

/** One op, as method + params (the JSON-RPC envelope is the transport's business). */
export type Op =
  | { method: typeof Method.append; params: AppendParams }
  | { method: typeof Method.insert; params: InsertParams }
  | { method: typeof Method.remove; params: RemoveParams }
  | { method: typeof Method.replace; params: ReplaceParams };

/** An op's method name. */
export type OpMethod = Op['method'];

/** Build an append op. */
export const appendOp = (path: ParticlePath, id: ParticleId, particle?: Particle): Op => ({
  method: Method.append,
  params: particle === undefined ? { path, id } : { path, id, particle },
});
/** Build a text-append op (streaming). */
export const appendTextOp = (path: ParticlePath, text: string): Op => ({
  method: Method.append,
  params: { path, text },
});
/** Build an insert op. */
export const insertOp = (path: ParticlePath, id: ParticleId, before: ParticleId, particle?: Particle): Op => ({
  method: Method.insert,
  params: particle === undefined ? { path, id, before } : { path, id, particle, before },
});
/** Build a remove op. */
export const removeOp = (path: ParticlePath): Op => ({ method: Method.remove, params: { path } });
/** Build a replace op. */
export const replaceOp = (path: ParticlePath, particle: Particle): Op => ({
  method: Method.replace,
  params: { path, particle },
});
