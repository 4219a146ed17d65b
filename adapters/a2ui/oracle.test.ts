import { MessageProcessor, NodeResolver, peekValue } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { loadExamples } from './testing/corpus.ts';

/**
 * The differential test: the same 36 message streams go to `@a2ui/web_core` 0.11.0 (the reference
 * processor) and to the bridge; the resolved data models and the resolved component trees must be
 * equal. Known, justified differences (docs/neighbours/a2ui.md) are normalised here, by name.
 */
const examples = loadExamples();

function oracle(messages: unknown[]) {
  const processor = new MessageProcessor([basicCatalog], () => undefined);
  processor.processMessages(messages as never);
  return processor;
}

/** JSON round trip, dropping undefined (web_core keeps unset optional props as absent keys too). */
const plainJson = (v: unknown): unknown => JSON.parse(JSON.stringify(v ?? null)) as unknown;

describe('differential against @a2ui/web_core 0.11.0 on the 36 examples', () => {
  for (const example of examples) {
    it(`${example.file}: same data models and resolved component trees`, () => {
      const reference = oracle(example.messages);
      const bridge = new A2uiBridge({ send: () => undefined });
      for (const message of example.messages) bridge.receive(message);
      const ids = bridge.surfaceIds();
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) {
        const surface = reference.model.getSurface(id)!;
        expect(surface).toBeDefined();
        expect(bridge.dataModel(id)).toEqual(plainJson(surface.dataModel.get('/')));
        const resolver = new NodeResolver(surface, basicCatalog);
        const theirs = plainJson(peekValue(resolver.rootNode)?.toJSON());
        resolver.dispose();
        expect(plainJson(bridge.resolved(id))).toEqual(theirs);
      }
      expect(plainJson(bridge.clientDataModel())).toEqual(plainJson(reference.getClientDataModel()));
    });
  }
});
