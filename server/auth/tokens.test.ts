import { describe, expect, it } from 'vitest';
import { mintToken, verifyToken } from './tokens.ts';

describe('tokens', () => {
  const claims = { kind: 'ws' as const, sessionId: 's1', appId: 'a', exp: Date.now() + 60_000 };
  it('verifies a token it minted, and refuses forged, expired, other-kind and malformed ones', () => {
    const token = mintToken('secret', claims);
    expect(verifyToken('secret', token, 'ws')).toEqual({ ok: true, claims });
    expect(verifyToken('other secret', token, 'ws')).toMatchObject({
      ok: false,
      reason: 'the token was not issued by this server',
    });
    const [body] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ ...claims, sessionId: 's2' })).toString('base64url')}.${token.split('.')[1]}`;
    expect(verifyToken('secret', forged, 'ws')).toMatchObject({ ok: false });
    expect(verifyToken('secret', `${body}.`, 'ws')).toMatchObject({ ok: false });
    expect(verifyToken('secret', mintToken('secret', { ...claims, exp: Date.now() - 1 }), 'ws')).toMatchObject({
      ok: false,
      reason: 'the token has expired',
    });
    expect(verifyToken('secret', token, 'session')).toMatchObject({ ok: false, reason: 'this is not a session token' });
    expect(verifyToken('secret', 'x'.repeat(5000), 'ws')).toMatchObject({ ok: false });
  });
});
