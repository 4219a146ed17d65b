import { TONES } from '../../../core/vocabulary/define.ts';

/** A tone from the fixed list (anything else becomes `fallback`), safe to use in a class name. */
export function toneOf(value: string | undefined, fallback: (typeof TONES)[number]): (typeof TONES)[number] {
  const v = (value ?? '').trim().toLowerCase();
  return (TONES as readonly string[]).includes(v) ? (v as (typeof TONES)[number]) : fallback;
}

/** A finite number from text, or the fallback. */
export function numberOf(value: string | undefined, fallback: number): number {
  const n = Number((value ?? '').trim());
  return value !== undefined && value.trim() !== '' && Number.isFinite(n) ? n : fallback;
}
