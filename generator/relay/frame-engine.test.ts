import { describe, expect, it } from 'vitest';
import { FRAME_ENGINE_CSP, frameEngineSrcdoc } from './frame-engine.ts';

describe('frameEngineSrcdoc', () => {
  it('keeps the program data: two scripts whatever the code holds, its policy first', () => {
    const hostile = 'x = "</script><script>parent.stolen = 1</script><!--<script>";\n</SCRIPT >';
    const html = frameEngineSrcdoc(hostile);
    expect(html.match(/<script/gi)).toHaveLength(2);
    expect(html.indexOf(`content="${FRAME_ENGINE_CSP}"`)).toBeLessThan(html.indexOf('<script'));
    const block = /<script type="application\/json" id="suip-program">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(block![1]!)).toBe(`${hostile}\n//# sourceURL=suip-program.js`);
  });
});
