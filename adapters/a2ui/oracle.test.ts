import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Catalog, createFunctionImplementation, MessageProcessor, NodeResolver, peekValue } from '@a2ui/web_core/v0_9';
import { basicCatalog } from '@a2ui/web_core/v0_9/basic_catalog';
import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { loadExamples } from './testing/corpus.ts';
import { MINIMAL_CATALOG_ID } from '../../shared/neighbours/a2ui/messages.ts';

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

/**
 * The minimal catalog: web_core has no minimal catalog object, so the oracle gets one built as
 * A2UI's own renderers build it: the basic catalog's five components and `capitalize` implemented
 * by the upstream rule (`renderers/angular/a2ui_explorer/src/app/demo-catalog.ts`). Its argument
 * schema only has to parse: the invoker calls `schema.parse` and nothing else.
 */
const MINIMAL_DIR = fileURLToPath(
  new URL('../../node_modules/@a2ui/web_core/src/v0_9/schemas/catalogs/minimal/examples/', import.meta.url),
);
const capitalize = createFunctionImplementation(
  { name: 'capitalize', returnType: 'string', schema: { parse: (v: unknown) => v } as never },
  (args: { value?: unknown }) => {
    const value = String(args.value || '');
    return value.charAt(0).toUpperCase() + value.slice(1);
  },
);
const minimalCatalog = new Catalog(
  MINIMAL_CATALOG_ID,
  ['Text', 'Row', 'Column', 'Button', 'TextField'].map((name) => basicCatalog.components.get(name)!),
  [capitalize],
);

describe("differential against @a2ui/web_core on A2UI's 7 minimal-catalog examples", () => {
  const files = readdirSync(MINIMAL_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort();
  it('covers the 7 examples', () => expect(files).toHaveLength(7));
  for (const file of files) {
    it(`${file}: same data models and resolved component trees (and again after the user types)`, () => {
      const messages = (JSON.parse(readFileSync(join(MINIMAL_DIR, file), 'utf8')) as { messages: unknown[] }).messages;
      const processor = new MessageProcessor([minimalCatalog], () => undefined);
      processor.processMessages(messages as never);
      const bridge = new A2uiBridge({ send: () => undefined });
      for (const message of messages) bridge.receive(message);
      for (const round of [0, 1]) {
        for (const id of bridge.surfaceIds()) {
          const surface = processor.model.getSurface(id)!;
          if (round === 1) {
            // The user types into every bound field: both sides write the same model paths.
            for (const c of bridge.components(id).values()) {
              const path = (c.props.value as { path?: unknown } | undefined)?.path;
              if (c.component === 'TextField' && typeof path === 'string') {
                surface.dataModel.set(path, 'hello world');
                bridge.receive({ version: 'v0.9', updateDataModel: { surfaceId: id, path, value: 'hello world' } });
              }
            }
          }
          expect(bridge.dataModel(id)).toEqual(plainJson(surface.dataModel.get('/')));
          const resolver = new NodeResolver(surface, minimalCatalog);
          const theirs = plainJson(peekValue(resolver.rootNode)?.toJSON());
          resolver.dispose();
          expect(plainJson(bridge.resolved(id))).toEqual(theirs);
        }
      }
    });
  }
});
