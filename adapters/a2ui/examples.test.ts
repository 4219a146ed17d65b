import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import type { A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import { loadExamples } from './testing/corpus.ts';
import { suipPipeline } from './testing/pipeline.ts';
import type { ModelParticle } from '../../generator/kit.ts';

const examples = loadExamples();

describe('the 36 A2UI examples through the bridge and the real suip pipeline', () => {
  it('has the whole corpus', () => {
    expect(examples).toHaveLength(36);
  });

  for (const example of examples) {
    it(`${example.file}: translates with no issue and renders with zero vocabulary errors`, async () => {
      const sent: A2uiOutgoing[] = [];
      const bridge = new A2uiBridge({ send: (out) => sent.push(out) });
      for (const message of example.messages) expect(bridge.receive(message)).toEqual([]);
      const p = await suipPipeline();
      const surfaces: Array<[string, ModelParticle]> = [];
      for (const id of bridge.surfaceIds()) surfaces.push([id, bridge.translate(id).root]);
      await p.generator.render({ group: surfaces });
      expect(sent).toEqual([]);
      expect(p.violations).toEqual([]);
      expect(JSON.stringify(p.root())).not.toContain('Unsupported A2UI component');
    });
  }
});
