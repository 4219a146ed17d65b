import { describe, expect, it } from 'vitest';
import { openEnvelope } from './message-envelope.ts';

describe('openEnvelope', () => {
  it('opens a message with one kind, a spoken version and a surfaceId', () => {
    const body = { surfaceId: 's', components: [] };
    expect(openEnvelope({ version: 'v0.9', updateComponents: body }, 'v0.9')).toEqual({
      kind: 'updateComponents',
      body,
      surfaceId: 's',
    });
    expect(openEnvelope({ version: 'v0.9.1', deleteSurface: { surfaceId: 's' } }, 'v0.10')).toMatchObject({
      kind: 'deleteSurface',
    });
  });

  it('refuses with the path and the fix, still naming the surface when it can', () => {
    const refusal = (m: Record<string, unknown> | undefined, version: 'v0.9' | 'v0.10' = 'v0.9') => {
      const e = openEnvelope(m, version);
      return 'error' in e ? { path: e.error.path, message: e.error.message, surfaceId: e.surfaceId } : undefined;
    };
    expect(refusal({ version: 'v0.9', createSurface: {}, deleteSurface: {} })?.message).toBe(
      'an A2UI message is an object with "version" and exactly one of ' +
        'createSurface, updateComponents, updateDataModel, deleteSurface',
    );
    expect(refusal(undefined)?.path).toBe('');
    expect(refusal({ version: 'v0.10', deleteSurface: { surfaceId: 's' } })).toEqual({
      path: '/version',
      message: 'version "v0.10" is not spoken here; send "v0.9"',
      surfaceId: 's',
    });
    expect(refusal({ version: 'v0.9', updateDataModel: { path: '/x' } })).toEqual({
      path: '/updateDataModel/surfaceId',
      message: 'updateDataModel needs a "surfaceId" string',
      surfaceId: '',
    });
  });
});
