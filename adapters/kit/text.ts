import type { ModelParticle } from '../../generator/kit.ts';

/** A plain-text particle: what every text role of the vocabulary takes for labels, values and options. */
export function plainText(text: string): ModelParticle {
  return { text, mimeType: 'text/plain' };
}
