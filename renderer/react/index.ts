/** React bindings (`suip/react`): a component and a hook; SSR-safe (the renderer loads in the browser only). */
export { SuipView } from './suip-view.ts';
export type { SuipViewProps } from './suip-view.ts';
export { useSuip } from './use-suip.ts';
export type { UseSuipOptions, UseSuipResult } from './use-suip.ts';
