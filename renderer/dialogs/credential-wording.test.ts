import { describe, expect, it } from 'vitest';
import { credentialTerm, normalizeWording } from './credential-wording.ts';

describe('credentialTerm', () => {
  it('finds the credential a dialog asks for in English, German, French and Spanish', () => {
    const asks: Array<[string, string]> = [
      ['Session expired. Enter your PASSWORD', 'password'],
      ['Enter the 6-digit verification code we sent you', 'verificationcode'],
      ['Please confirm your PIN', 'pin'],
      ['enter your pin to continue', 'pin'],
      ['Card number and CVV', 'cardnumber'],
      ['One-time code (OTP)', 'onetimecode'],
      ['Sitzung abgelaufen. Bitte Passwort eingeben', 'passwort'],
      ['Geben Sie Ihr Kennwort ein', 'kennwort'],
      ['Bitte den Bestätigungscode eingeben', 'bestatigungscode'],
      ['Kreditkartennummer', 'kartennummer'],
      ['Session expirée : saisissez votre mot de passe', 'motdepasse'],
      ['Entrez le code de vérification', 'codedeverification'],
      ['Numéro de carte bancaire', 'numerodecarte'],
      ['Sesión caducada. Introduce tu contraseña', 'contrasena'],
      ['Código de seguridad de la tarjeta', 'codigodeseguridad'],
      ['Introduce tu clave', 'clave'],
    ];
    for (const [text, term] of asks) expect(credentialTerm(text), text).toBe(term);
  });
  it('sees through case, spacing, zero-width, look-alike and leet spellings', () => {
    const disguised = [
      'P A S S W O R D',
      'pass-word',
      'pass\u200Bwo\u200Drd', // zero-width space and joiner
      'pa\u00ADss\uFEFFword', // soft hyphen, BOM
      '\u0440\u0430\u0455\u0455word', // Cyrillic р а ѕ ѕ
      'ｐａｓｓｗｏｒｄ', // full-width
      '𝐩𝐚𝐬𝐬𝐰𝐨𝐫𝐝', // mathematical bold
      'p@ssw0rd',
      'PA55WORD',
      'm o t  d e  p a s s e',
      'contrase\u0301na', // a combining acute instead of ñ
    ];
    for (const text of disguised) expect(credentialTerm(text), JSON.stringify(text)).toBeDefined();
  });
  it('lets ordinary questions through', () => {
    const fine = [
      'Delete all files?',
      'Pin this note to the top?',
      'Spinning up a new server',
      'Enter a promo code',
      'Choose a palabra clave for the search',
      'Rename the tab',
      'How many options? (2 to 4)',
      'Your account number is on the invoice',
      'Open the QR code scanner',
      'Discard the draft?',
    ];
    for (const text of fine) expect(credentialTerm(text), text).toBeUndefined();
  });
  it('normalises to plain lower-case Latin', () => {
    expect(normalizeWording('Ｐá\u200Bѕѕ')).toBe('pass');
  });
});
