import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS } from '../shared/index.ts';
import {
  BUILTIN_VOCABULARY,
  applyGeneratorTransaction,
  createGroupChecker,
  createMergedTree,
  generatorRoot,
  mountGenerator,
} from './headless.ts';

describe('renderer/headless (Node, no DOM)', () => {
  it('validates and applies a transaction exactly as the browser renderer does', () => {
    expect(typeof document).toBe('undefined');
    const checkGroup = createGroupChecker(BUILTIN_VOCABULARY);
    const merged = mountGenerator(createMergedTree(), 'g');
    const ok = applyGeneratorTransaction(
      merged,
      'g',
      [
        {
          method: 'suip/ops/append',
          params: {
            path: [],
            id: 'b',
            particle: { type: 'button', group: [['label', { text: 'Go', mimeType: 'text/plain' }]] },
          },
        },
      ],
      { limits: DEFAULT_LIMITS, checkGroup },
    );
    expect(ok.ok).toBe(true);
    expect(generatorRoot(ok.ok ? ok.tree : merged, 'g')!.group).toHaveLength(1);
    const refused = applyGeneratorTransaction(
      merged,
      'g',
      [
        {
          method: 'suip/ops/append',
          params: { path: [], id: 'b', particle: { type: 'button', group: [['label', { group: [] }]] } },
        },
      ],
      { limits: DEFAULT_LIMITS, checkGroup },
    );
    expect(refused).toMatchObject({ ok: false, error: { code: -32004 } });
  });
});
