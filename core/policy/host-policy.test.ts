import { describe, expect, it } from 'vitest';
import { EffectivePolicy, ErrorCode, compile, type GroupParticle } from '../../shared/index.ts';
import { checkHostPolicy, effectivePolicy, urlPolicyFor } from './host-policy.ts';

const field = (kind: string): GroupParticle => ({
  type: 'text-field',
  group: [
    ['label', { text: 'Secret', mimeType: 'text/plain' }],
    ['kind', { text: kind, mimeType: 'text/plain' }],
  ],
});
const modal: GroupParticle = { type: 'modal', group: [['title', { text: 'Hi', mimeType: 'text/plain' }]] };

describe('checkHostPolicy', () => {
  it('refuses a password field by default, naming the option; the host may allow it', () => {
    for (const kind of ['password', ' Password ', 'PASSWORD']) {
      expect(checkHostPolicy({}, field(kind), false)).toEqual({
        code: ErrorCode.PolicyViolation,
        message: expect.stringContaining('hostPolicy.credentialInputs is off'),
      });
    }
    expect(checkHostPolicy({ credentialInputs: true }, field('password'), false)).toBeUndefined();
    expect(checkHostPolicy({}, field('email'), false)).toBeUndefined();
  });

  it('refuses a modal from a program whose page-level modal the user dismissed, and only then', () => {
    expect(checkHostPolicy({ pageModals: true }, modal, false)).toBeUndefined();
    expect(checkHostPolicy({ pageModals: true }, modal, true)).toEqual({
      code: ErrorCode.PolicyViolation,
      message: expect.stringContaining('dismissed'),
    });
  });
});

describe('effectivePolicy', () => {
  it('resolves the strict defaults: every field present, nothing optional granted', () => {
    expect(effectivePolicy()).toEqual({
      credentialInputs: false,
      pageModals: false,
      modalReopen: false,
      linkSchemes: ['http:', 'https:', 'mailto:'],
      mediaOrigins: [],
      dialogCredentials: false,
      provenanceMark: true,
    });
  });
  it('carries what the host grants, and is a valid EffectivePolicy for the handshake', () => {
    const resolved = effectivePolicy({
      credentialInputs: true,
      pageModals: true,
      linkSchemes: ['HTTPS:'],
      mediaOrigins: 'https',
      dialogs: { credentialWording: 'allow' },
      provenanceMark: false,
    });
    expect(resolved).toEqual({
      credentialInputs: true,
      pageModals: true,
      modalReopen: false,
      linkSchemes: ['https:'],
      mediaOrigins: 'https',
      dialogCredentials: true,
      provenanceMark: false,
    });
    expect(compile(EffectivePolicy).check(resolved)).toBe(true);
  });
  it('builds the URL policy from the same fields', () => {
    expect(urlPolicyFor().mediaSrc('https://img.example/a.png', 'image/png')).toBeUndefined();
    expect(
      urlPolicyFor({ mediaOrigins: ['https://img.example'] }).mediaSrc('https://img.example/a.png', 'image/png'),
    ).toBe('https://img.example/a.png');
    expect(urlPolicyFor({ linkSchemes: ['https:'] }).linkHref('http://a.example/')).toBeUndefined();
  });
});
