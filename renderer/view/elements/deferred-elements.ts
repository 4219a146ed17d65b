import type { CSSResultOrNative } from 'lit';
import type { DeferredPart, DeferredParts } from '../lazy-element.ts';
import type { SuipGroupElement } from '../suip-element.ts';
import { SuipAudio } from './suip-audio.ts';
import { SuipChartBar } from './suip-chart-bar.ts';
import { SuipChartLine } from './suip-chart-line.ts';
import { SuipChartPie } from './suip-chart-pie.ts';
import { SuipCode } from './suip-code.ts';
import { SuipImage } from './suip-image.ts';
import { SuipTable } from './suip-table.ts';
import { SuipVideo } from './suip-video.ts';

/**
 * The module chunk of the elements defined on first use (`lazy-elements.ts` registers their tags
 * eagerly): each class here is render-only (its definition, its stylesheets and `render`), so
 * the eager shell can borrow its `render` and adopt its stylesheets once the chunk is loaded.
 */
const part = (element: typeof SuipGroupElement): DeferredPart => ({
  styles: element.styles as CSSResultOrNative[],
  // Borrowed by the shell of the same tag, a SuipGroupElement with the same definition.
  render: (element.prototype as unknown as DeferredPart).render,
});

/** Render parts by tag. */
export const DEFERRED_PARTS: DeferredParts = new Map([
  ['suip-chart-bar', part(SuipChartBar)],
  ['suip-chart-line', part(SuipChartLine)],
  ['suip-chart-pie', part(SuipChartPie)],
  ['suip-code', part(SuipCode)],
  ['suip-image', part(SuipImage)],
  ['suip-video', part(SuipVideo)],
  ['suip-audio', part(SuipAudio)],
  ['suip-table', part(SuipTable)],
]);
