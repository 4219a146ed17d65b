import fc from 'fast-check';
import type { CanvasOp } from '../../../shared/neighbours/canvas/ops.ts';

const ids = fc.constantFrom('a', 'b', 'c', 'd', 'e');
const zones = fc.constantFrom('main', 'side', 'top');
const placement = fc.record({ zone: zones, order: fc.integer({ min: 0, max: 3 }) }, { requiredKeys: [] });
const data = fc.dictionary(
  fc.constantFrom('title', 'text', 'value', 'items'),
  fc.oneof(fc.string({ maxLength: 4 }), fc.integer(), fc.constant(null), fc.array(fc.integer(), { maxLength: 2 })),
  { maxKeys: 3 },
);
const types = fc.constantFrom('card', 'stats', 'progress', 'note-widget', 'tally');

/** Test-only: random valid canvas ops over a small id space (so ops collide and fold). */
export const canvasOp: fc.Arbitrary<CanvasOp> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      { op: fc.constant('upsert' as const), id: ids, type: types, data, layout: placement },
      { requiredKeys: ['op', 'id', 'type', 'data'] },
    ),
  },
  { weight: 5, arbitrary: fc.record({ op: fc.constant('patch' as const), id: ids, data }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('remove' as const), id: ids }) },
  { weight: 1, arbitrary: fc.constant({ op: 'clear' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('define' as const),
      id: fc.constantFrom('note-widget', 'tally'),
      component: fc.record({ html: fc.constantFrom('<p>{{text}}</p>', '<b>{{value}}</b>', '<p>\n{{#if text}}</p>') }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('undefine' as const), id: fc.constantFrom('note-widget', 'tally') }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant('layout' as const),
      mode: fc.constantFrom(
        'auto' as const,
        'dashboard' as const,
        'focus' as const,
        'columns' as const,
        'rows' as const,
      ),
    }),
  },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('move' as const), id: ids, layout: placement }) },
);
