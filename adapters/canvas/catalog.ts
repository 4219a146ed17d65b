import type { ModelParticle } from '../../generator/kit.ts';
import { g, plain, toText } from './particles.ts';
import { accordion, card, code, kv, stats, table, tabs, tags } from './types/data-display.ts';
import { buttons, chips, form, formStrip, input, slider, toggle } from './types/interactive.ts';
import type { MapContext, Mapper } from './types/mapper.ts';
import { image, linkCard, video, weather } from './types/media.ts';
import { chartBar, chartLine, chartPie, gauge, progress, rating, sparkline, stackedBar } from './types/metrics.ts';
import { alert, checklist, hero, status, streak, timeline } from './types/status.ts';
import { template } from './types/template.ts';

/**
 * The seed's built-in catalog: 33 types (the seed says 34 but lists 33), each mapped onto the
 * suip vocabulary (docs/neighbours/canvas.md has the table). `template` is suip's binding of the
 * seed's "transport-dependent" template presets.
 */
export const BUILTINS: ReadonlyMap<string, Mapper> = new Map<string, Mapper>([
  ['card', card],
  ['stats', stats],
  ['kv', kv],
  ['table', table],
  ['code', code],
  ['tags', tags],
  ['accordion', accordion],
  ['tabs', tabs],
  ['gauge', gauge],
  ['progress', progress],
  ['sparkline', sparkline],
  ['chart-bar', chartBar],
  ['chart-line', chartLine],
  ['chart-pie', chartPie],
  ['stacked-bar', stackedBar],
  ['rating', rating],
  ['hero', hero],
  ['alert', alert],
  ['status', status],
  ['timeline', timeline],
  ['checklist', checklist],
  ['streak', streak],
  ['buttons', buttons],
  ['chips', chips],
  ['toggle', toggle],
  ['input', input],
  ['slider', slider],
  ['form', form],
  ['form-strip', formStrip],
  ['image', image],
  ['video', video],
  ['link-card', linkCard],
  ['weather', weather],
]);

/** The seed's 33 built-in type names, in the seed's order. */
export const BUILTIN_TYPES: readonly string[] = [...BUILTINS.keys()];

/**
 * The subtree of one built-in component (or of a `template`); an unknown type is a visible
 * fallback that names the type and the known ones, never nothing.
 */
export function mapComponent(type: string, data: Record<string, unknown>, context: MapContext): ModelParticle {
  if (type === 'template') return template(data, context);
  const mapper = BUILTINS.get(type);
  if (mapper !== undefined) return mapper(data, context);
  return unknownType(type);
}

/** A visible note for a component whose type the canvas cannot show. */
export function unknownType(type: string, why = 'is neither a built-in nor a defined widget'): ModelParticle {
  return g('alert', [
    ['tone', plain('warning')],
    ['title', plain(`Unknown component type "${toText(type).slice(0, 60)}"`)],
    ['message', plain(`This component's type ${why}. Built-in types: ${BUILTIN_TYPES.join(', ')}.`)],
  ]);
}
