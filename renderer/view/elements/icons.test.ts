import { describe, expect, it } from 'vitest';
import { ICON_NAMES } from '../../../core/vocabulary/types/icon.ts';
import { DRAWN_ICONS } from './icons.ts';

describe('icon set', () => {
  it('draws exactly the names the vocabulary promises', () => {
    expect([...DRAWN_ICONS].sort()).toEqual([...ICON_NAMES].sort());
  });
});
