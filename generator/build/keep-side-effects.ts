import type { Plugin } from 'vite';

/**
 * package.json's `sideEffects` describes the built package for the host's bundler, so the
 * sources themselves are not listed there. Builds from source (the package, the playground) must
 * still keep every module's side effects: the view's modules define custom elements, which a
 * bundler would otherwise drop as unused.
 */
export function keepSideEffects(): Plugin {
  return {
    name: 'suip-keep-side-effects',
    transform(code, id) {
      return id.includes('/node_modules/') ? undefined : { code, map: null, moduleSideEffects: true };
    },
  };
}
