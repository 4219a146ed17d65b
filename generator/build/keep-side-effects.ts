import type { Plugin } from 'vite';

/** Source modules whose import matters by itself: they define custom elements (the view, the playground's panels). */
const DEFINES_ELEMENTS = /\/(renderer\/(view\/|suip-renderer\.ts$)|playground\/)/;

/**
 * package.json's `sideEffects` describes the built package for the host's bundler, so the
 * sources themselves are not listed there. Builds from source (the package, the playground) must
 * still keep the side effects of the modules that define custom elements (the view), which a
 * bundler would otherwise drop as unused; everything else stays free to tree-shake.
 */
export function keepSideEffects(): Plugin {
  return {
    name: 'suip-keep-side-effects',
    transform(code, id) {
      return !id.includes('/node_modules/') && DEFINES_ELEMENTS.test(id)
        ? { code, map: null, moduleSideEffects: true }
        : undefined;
    },
  };
}
