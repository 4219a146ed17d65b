// A client module for React Server Components (Next.js App Router): the component uses hooks, so a
// server component may render it but must not run it. The package build keeps this directive at
// the top of dist/lib/react.js (generator/build/keep-directive.ts).
'use client';

/** React bindings (`suip/react`): a component and a hook; SSR-safe (the renderer loads in the browser only). */
export { SuipView } from './suip-view.ts';
export type { SuipViewProps } from './suip-view.ts';
export { useSuip } from './use-suip.ts';
export type { UseSuipOptions, UseSuipResult } from './use-suip.ts';
