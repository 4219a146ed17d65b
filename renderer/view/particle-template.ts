import { html as staticHtml } from 'lit/static-html.js';
import { html, type TemplateResult } from 'lit';
import type { Particle } from '../../shared/index.ts';
import { tagFor } from './element-tags.ts';
import type { ViewContext } from './view-context.ts';

interface Rendered {
  path: readonly string[];
  context: ViewContext;
  result: TemplateResult;
}

// The template of an unchanged child is reused when its parent renders again: a `static-html`
// template is built by joining strings and a cache lookup on every call, which made a structural
// edit of a wide list cost O(width) string work on top of `repeat`'s key walk.
const rendered = new WeakMap<Particle, Rendered>();

/** One particle as its element: text → `<suip-text>`, data → `<suip-data>`, group → its type's element. */
export function renderParticle(particle: Particle, path: readonly string[], context: ViewContext): TemplateResult {
  const cached = rendered.get(particle);
  if (cached && cached.path === path && cached.context === context) return cached.result;
  const result = renderElement(particle, path, context);
  rendered.set(particle, { path, context, result });
  return result;
}

function renderElement(particle: Particle, path: readonly string[], context: ViewContext): TemplateResult {
  if ('group' in particle) {
    const tag = tagFor(particle.type, context.tags);
    return staticHtml`<${tag} .particle=${particle} .path=${path} .context=${context}></${tag}>`;
  }
  if ('text' in particle) return html`<suip-text .particle=${particle} .path=${path} .context=${context}></suip-text>`;
  return html`<suip-data .particle=${particle} .path=${path} .context=${context}></suip-data>`;
}
