import fc from 'fast-check';
import { BASIC_COMPONENTS } from '../components.ts';

/**
 * Test-only fast-check arbitraries for random basic-catalog surfaces, their data models and
 * data-model updates (bridge.property.test.ts, bridge.incremental.test.ts, e2e/a2ui-incremental).
 */

// Component ids are valid (a bad one refuses the whole update); references may be anything.
const id = fc.constantFrom('root', 'a', 'b', 'c', 'd', 'x y');
const ref = fc.constantFrom('root', 'a', 'b', 'c', 'd', 'x y', '__proto__', 'constructor', '', 'missing');
const dynamic = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer(),
  fc.boolean(),
  fc.record({
    path: fc.constantFrom('/v', 'v', '/list', '/', '/__proto__/x', 'n/0', '/a~2', 'id', '/list/0/v', '/list/1', '/m/k'),
  }),
  fc.record({
    call: fc.constantFrom('formatString', 'required', 'not', 'pluralize', 'nope'),
    args: fc.dictionary(
      fc.constantFrom('value', 'values', 'one', 'other'),
      fc.oneof(fc.string({ maxLength: 6 }), fc.record({ path: fc.constantFrom('/v', 'v', 'id') })),
    ),
  }),
);

/** One component of any basic-catalog kind (or an unknown one), with random props and references. */
export const componentArb = fc.record(
  {
    id,
    component: fc.constantFrom(...BASIC_COMPONENTS, 'Bogus'),
    text: dynamic,
    label: dynamic,
    value: dynamic,
    url: dynamic,
    variant: fc.constantFrom('h1', 'h2', 'h3', 'body', 'caption'),
    child: ref,
    trigger: ref,
    content: ref,
    children: fc.oneof(
      fc.array(ref, { maxLength: 4 }),
      fc.record({ componentId: ref, path: fc.constantFrom('/list', 'list', '/v', '/nope', '/m') }),
    ),
    tabs: fc.array(fc.record({ title: dynamic, child: ref }), { maxLength: 3 }),
    options: fc.array(fc.record({ label: dynamic, value: fc.constantFrom('a', 'b', 'label', '', 'value') }), {
      maxLength: 3,
    }),
    checks: fc.array(fc.record({ condition: dynamic, message: fc.string({ maxLength: 5 }) }), { maxLength: 2 }),
    action: fc.constant({ event: { name: 'go', context: { v: { path: 'v' } } } }),
  },
  { requiredKeys: ['id', 'component'] },
);

/** A container root most of the time, so the rest of the graph is reached. */
export const rootArb = fc.record({
  id: fc.constant('root'),
  component: fc.constantFrom('Column', 'Row', 'List', 'Card'),
  child: ref,
  children: fc.oneof(
    fc.array(fc.constantFrom('a', 'b', 'c', 'd', 'x y'), { minLength: 1, maxLength: 4 }),
    fc.record({ componentId: fc.constantFrom('a', 'b'), path: fc.constantFrom('/list', '/m') }),
  ),
});

/** A surface's components: a root and up to ten others. */
export const componentsArb = fc
  .tuple(rootArb, fc.array(componentArb, { minLength: 1, maxLength: 10 }))
  .map(([r, rest]) => [r, ...rest]);

const json = fc.jsonValue({ maxDepth: 3 });
const item = fc.oneof(
  json,
  fc.record({ id: fc.oneof(fc.integer({ min: 0, max: 3 }), fc.string({ maxLength: 2 })), v: json }),
);
/** A data model with the paths the components bind to. */
export const modelArb = fc.record({
  v: json,
  list: fc.array(item, { maxLength: 5 }),
  m: fc.dictionary(fc.constantFrom('k', 'j', 'a/b', 'id'), item, { maxKeys: 3 }),
});

/** A data-model update: a value (or a delete) at a pointer the components read, above or below one, or beside them. */
export const updateArb = fc.record({
  path: fc.constantFrom(
    '/v',
    '/v/x',
    '/list',
    '/list/0',
    '/list/1',
    '/list/2/v',
    '/list/0/id',
    '/list/1/key',
    '/list/-',
    '/list/0/v/x',
    '/m',
    '/m/k',
    '/m/k/v',
    '/m/k/id',
    '/m/new',
    '/',
    '/n/0',
    '/other',
    '/a~2',
  ),
  value: fc.option(fc.oneof(json, item), { nil: undefined }),
});
