import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_NAMES as SUIP_ICONS } from '../../core/vocabulary/types/icon.ts';
import { ICON_NAMES, iconLabel, suipIcon } from './icons.ts';

const catalog = JSON.parse(
  readFileSync(new URL('../../examples/a2ui/basic-catalog.json', import.meta.url), 'utf8'),
) as unknown;

/** The icon names the v0.9 basic catalog enumerates for `Icon.name`. */
function catalogIconNames(): string[] {
  const text = JSON.stringify(catalog);
  const at = text.indexOf('"accountCircle"');
  const list = text.slice(text.lastIndexOf('[', at), text.indexOf(']', at) + 1);
  return JSON.parse(list) as string[];
}

describe('A2UI icon names', () => {
  it('map only onto symbols suip draws', () => {
    for (const [name, symbol] of ICON_NAMES)
      expect((SUIP_ICONS as readonly string[]).includes(symbol), `${name} → ${symbol}`).toBe(true);
  });

  it('cover the basic catalog except the names with no fitting symbol', () => {
    const names = catalogIconNames();
    expect(names.length).toBeGreaterThan(50);
    const unmapped = names.filter((name) => suipIcon(name) === undefined);
    // No speaker or stop symbol in suip's set: these stay words rather than the wrong picture.
    expect(unmapped.sort()).toEqual(['stop', 'volumeDown', 'volumeMute', 'volumeOff', 'volumeUp']);
  });

  it('read Material snake_case names as the catalog camelCase ones', () => {
    expect(suipIcon('priority_high')).toBe('warning');
    expect(suipIcon('arrow_upward')).toBe('arrow-up');
    expect(suipIcon('send')).toBe('send');
    expect(iconLabel('skip_previous')).toBe('skip previous');
    expect(iconLabel('accountCircle')).toBe('account circle');
  });
});
