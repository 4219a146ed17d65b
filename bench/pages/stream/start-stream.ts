import { startLimitStream } from './limit-stream.ts';
import { startRemoteDomStream } from './remote-dom-stream.ts';
import type { StreamAnchor, StreamRun, StreamSetup } from './stream-types.ts';
import { startStyledFloorStream } from './styled-floor-stream.ts';
import { startVanillaStream } from './vanilla-stream.ts';
import type { ViewPrint } from './view-blueprint.ts';

/**
 * Start one contestant. suip's code loads only for suip's own runs (a dynamic import): the styled
 * floor builds elements with suip's tag names, which must stay undefined custom elements here.
 */
export async function startStream(anchor: StreamAnchor, setup: StreamSetup, view?: ViewPrint): Promise<StreamRun> {
  switch (anchor) {
    case 'suip':
    case 'full':
      return (await import('./suip-stream.ts')).startSuipStream(anchor, setup);
    case 'remote-dom':
      return startRemoteDomStream(setup);
    case 'vanilla':
      return startVanillaStream(setup);
    case 'limit':
      return startLimitStream(setup, 'sandbox');
    case 'styled':
      if (view === undefined) throw new Error("the styled floor needs `view`, suip's view's print (captureSuipView)");
      return startStyledFloorStream(setup, view);
  }
}
