import {
  audio,
  chartBar,
  chartLine,
  chartPie,
  code,
  image,
  table,
  video,
} from '../../../core/vocabulary/structure.generated.ts';
import { defineLazyElement } from '../lazy-element.ts';

// Charts, code, media and tables: their tags and definitions now, their rendering (deferred-elements.ts)
// the first time one of them renders. A UI without them never requests that chunk.
defineLazyElement('suip-chart-bar', chartBar, 'chart');
defineLazyElement('suip-chart-line', chartLine, 'chart');
defineLazyElement('suip-chart-pie', chartPie, 'chart');
defineLazyElement('suip-code', code, 'code');
defineLazyElement('suip-image', image, 'media');
defineLazyElement('suip-video', video, 'media');
defineLazyElement('suip-audio', audio, 'media');
defineLazyElement('suip-table', table, 'table');
