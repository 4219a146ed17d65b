import type { ModelParticle } from '../../../generator/kit.ts';

/** What a built-in's mapper gets besides its data. */
export interface MapContext {
  /** The component id. */
  id: string;
  /** Report an interaction to the agent (a `widget-action`). */
  emit(action: string, payload: Record<string, unknown>): void;
}

/** Maps one built-in type's data onto the vocabulary. Hostile data gives a bounded, valid tree. */
export type Mapper = (data: Record<string, unknown>, context: MapContext) => ModelParticle;
