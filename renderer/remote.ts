/**
 * Generators that are not sandboxed programs: `renderer.attachRemote({id, channel})` takes any
 * SUIP `Channel` (a WebSocket, an in-page memory channel), and `createLocalGenerator(renderer,
 * {id})` runs the generator runtime in this page over a memory channel for trusted translator
 * code (the adapters). The only place the host side imports the generator runtime: the runtime is
 * plain session code, and a translator in the host page is host code.
 */
export { createLocalGenerator } from '../generator/runtime/local-generator.ts';
export type {
  LocalGenerator,
  LocalGeneratorOptions,
  RemoteAttachTarget,
} from '../generator/runtime/local-generator.ts';
