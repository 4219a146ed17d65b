import { describe, expect, it } from 'vitest';
import { ErrorCode, type GroupParticle } from '../../shared/index.ts';
import { checkHostPolicy } from './host-policy.ts';

const field = (kind: string): GroupParticle => ({ type: 'text-field', group: [['label', { text: 'Secret', mimeType: 'text/plain' }], ['kind', { text: kind, mimeType: 'text/plain' }]] });
const modal: GroupParticle = { type: 'modal', group: [['title', { text: 'Hi', mimeType: 'text/plain' }]] };

describe('checkHostPolicy', () => {
  it('refuses a password field by default, naming the option; the host may allow it', () => {
    for (const kind of ['password', ' Password ', 'PASSWORD']) {
      expect(checkHostPolicy({}, field(kind), false)).toEqual({ code: ErrorCode.PolicyViolation, message: expect.stringContaining('hostPolicy.credentialInputs is off') });
    }
    expect(checkHostPolicy({ credentialInputs: true }, field('password'), false)).toBeUndefined();
    expect(checkHostPolicy({}, field('email'), false)).toBeUndefined();
  });

  it('refuses a modal from a program whose page-level modal the user dismissed, and only then', () => {
    expect(checkHostPolicy({ pageModals: true }, modal, false)).toBeUndefined();
    expect(checkHostPolicy({ pageModals: true }, modal, true)).toEqual({ code: ErrorCode.PolicyViolation, message: expect.stringContaining('dismissed') });
  });
});
