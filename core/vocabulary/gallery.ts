import type { GroupParticle, Particle, VocabularyEntry } from '../../shared/index.ts';
import { BUILTIN_VOCABULARY } from './registry.ts';

/**
 * A gallery of a vocabulary as one generator root: per type, a section titled with the type name,
 * its description, then its example. Mount it in a merged tree (e.g. under id "gallery") and render
 * it with `<suip-tree>`; the playground shows it, the e2e specs check it renders every type.
 * `modal` examples are left out unless asked for, because an open modal covers the page.
 */
export function galleryTree(
  entries: readonly VocabularyEntry[] = BUILTIN_VOCABULARY,
  options: { includeModal?: boolean } = {},
): GroupParticle {
  const sections: [string, Particle][] = entries
    .filter((e) => options.includeModal === true || e.type !== 'modal')
    .map((e) => [
      e.type,
      {
        type: 'section',
        group: [
          ['title', { text: e.type, mimeType: 'text/plain' }],
          ['about', { text: `${e.description} *(${e.category})*` }],
          ['example', e.example],
        ],
      },
    ]);
  return { type: 'column', group: sections };
}
