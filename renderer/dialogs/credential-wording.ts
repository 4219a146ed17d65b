/**
 * Does a program's dialog text ask for a credential (a password, a one-time or security code, a
 * PIN, a card number)? A host dialog sits over the whole page in the host's own look, so such a
 * question there is the shape of a phishing prompt ("Session expired. Enter your PASSWORD"); the
 * host refuses it (host-dialogs.ts). This is a tripwire against the obvious wording in English,
 * German, French and Spanish, not a classifier: the dialog's header naming the program is what
 * holds when the wording slips through.
 */

/** Latin look-alikes from Cyrillic and Greek that NFKC leaves alone (`раѕѕword`). */
const LOOKALIKES: Readonly<Record<string, string>> = {
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  к: 'k',
  м: 'm',
  н: 'h',
  о: 'o',
  р: 'p',
  с: 'c',
  т: 't',
  у: 'y',
  х: 'x',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  һ: 'h',
  ӏ: 'l',
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  μ: 'u',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  ς: 's',
  ɡ: 'g',
  ı: 'i',
  ȷ: 'j',
};
/**
 * Digits and signs written for letters (`p@ssw0rd`), applied in a second reading only, so `2fa` or `cvv2` still read as
 * written.
 */
const LEET: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'l',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '€': 'e',
  '|': 'l',
};

/** Terms matched anywhere in the text with every separator removed, so `P a s s-w o r d` is `password`. */
const JOINED_TERMS = [
  // en
  'password',
  'passcode',
  'passphrase',
  'securitycode',
  'verificationcode',
  'confirmationcode',
  'onetimecode',
  'authcode',
  'authenticationcode',
  'logincode',
  'signincode',
  'accesscode',
  'smscode',
  'pincode',
  'pinnumber',
  'cardnumber',
  'creditcard',
  'debitcard',
  'cardverification',
  'securitynumber',
  'seedphrase',
  'recoveryphrase',
  'privatekey',
  // de
  'passwort',
  'kennwort',
  'geheimzahl',
  'bestatigungscode',
  'sicherheitscode',
  'zugangscode',
  'einmalcode',
  'anmeldecode',
  'prufnummer',
  'kartennummer',
  'kreditkarte',
  'pinnummer',
  // fr
  'motdepasse',
  'codesecret',
  'codedeverification',
  'codedesecurite',
  'codedeconfirmation',
  'codeunique',
  'numerodecarte',
  'cartebancaire',
  'cartedecredit',
  'codepin',
  // es
  'contrasena',
  'clavedeacceso',
  'clavesecreta',
  'codigodeverificacion',
  'codigodeseguridad',
  'codigodeconfirmacion',
  'numerodetarjeta',
  'tarjetadecredito',
  'tarjetadedebito',
] as const;
/** Short terms matched as whole words only (`otp`, never inside another word). */
const WORD_TERMS = ['otp', 'totp', 'cvv', 'cvv2', 'cvc', 'cvc2', 'csc', '2fa', 'mfa', 'mdp', 'clave'] as const;
/**
 * "PIN" and "TAN" are also English words ("Pin this note?", "tan"), so they count in capitals
 * (`PIN`, `TAN`), or lower case right next to a possessive or "enter" (`your pin`, `enter pin`).
 */
const ACRONYMS = /(?:^|[^\p{L}\p{N}])(PINS?|TANS?|NIP)(?:$|[^\p{L}\p{N}])/u;
const PIN_PHRASE = /\b(?:your|enter|the|deine|ihre|eure|votre|ton|tu|su|tus|sus)\s+(pin|tan)s?\b/;

/**
 * Text reduced to what a reader sees: compatibility forms folded, invisible characters and accents dropped, look-alikes
 * mapped, lower case.
 */
export function normalizeWording(text: string): string {
  return (
    withoutDisguise(text)
      .toLowerCase()
      // `palabra clave` is "keyword", not a credential.
      .replace(/palabras?\s+claves?/g, 'keyword')
  );
}

/**
 * Compatibility forms folded, format characters (U+200B, U+FEFF, soft hyphen …) and accents dropped, look-alikes
 * mapped; case kept.
 */
function withoutDisguise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\p{Cf}\p{M}]/gu, '')
    .replace(/[^\x00-\x7f]/g, (char) => {
      const lower = LOOKALIKES[char.toLowerCase()];
      return lower === undefined ? char : char === char.toLowerCase() ? lower : lower.toUpperCase();
    });
}

/** The credential term `text` asks for, or undefined. */
export function credentialTerm(text: string): string | undefined {
  const bounded = text.slice(0, 20_000);
  const acronym = ACRONYMS.exec(withoutDisguise(bounded).replace(/\s+/g, ' '))?.[1];
  if (acronym !== undefined) return acronym.toLowerCase().replace(/s$/, '');
  const seen = normalizeWording(bounded);
  const phrase = PIN_PHRASE.exec(seen.replace(/[^\p{L}\p{N}]+/gu, ' '))?.[1];
  if (phrase !== undefined) return phrase;
  for (const reading of [seen, seen.replace(/[0-9@$€|]/g, (char) => LEET[char] ?? char)]) {
    const joined = reading.replace(/[^\p{L}\p{N}]/gu, '');
    const joinedTerm = JOINED_TERMS.find((term) => joined.includes(term));
    if (joinedTerm !== undefined) return joinedTerm;
    const words = new Set(reading.split(/[^\p{L}\p{N}]+/u));
    const wordTerm = WORD_TERMS.find((term) => words.has(term));
    if (wordTerm !== undefined) return wordTerm;
  }
  return undefined;
}
