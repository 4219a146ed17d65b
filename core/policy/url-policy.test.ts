import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Method, type GroupParticle, type Op } from '../../shared/index.ts';
import { applyTransaction } from '../tree/transaction.ts';
import {
  checkUrlCredentials,
  createUrlPolicy,
  isWhitespace,
  MAX_MARKDOWN_URL_CANDIDATES,
  urlCredentials,
} from './url-policy.ts';

const policy = createUrlPolicy();

describe('createUrlPolicy', () => {
  it('allows http, https and mailto links, normalised by WHATWG parsing', () => {
    expect(policy.linkHref('https://Example.org/a b')).toBe('https://example.org/a%20b');
    expect(policy.linkHref('mailto:ada@example.org')).toBe('mailto:ada@example.org');
    expect(policy.linkHref('http://example.org')).toBe('http://example.org/');
  });
  it('refuses script-capable, relative and malformed links', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:x',
      '/relative',
      '//evil.example',
      'http://',
      'blob:https://a/b',
      'file:///etc/passwd',
    ]) {
      expect(policy.linkHref(url), url).toBeUndefined();
    }
  });
  it('allows data: media whose type matches the declared allowlisted mime type, and no remote media by default', () => {
    expect(policy.mediaSrc('https://img.example/a.png', 'image/png')).toBeUndefined();
    expect(createUrlPolicy({ mediaOrigins: 'https' }).mediaSrc('https://img.example/a.png', 'image/png')).toBe(
      'https://img.example/a.png',
    );
    expect(policy.mediaSrc('data:image/png;base64,iVBORw0KGgo=', 'image/png')).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    expect(policy.mediaSrc('data:image/svg+xml,%3Csvg%3E', 'image/svg+xml')).toBeDefined();
  });
  it('refuses mismatched, unlisted or non-media data: URIs, http media and unknown mime types', () => {
    expect(policy.mediaSrc('data:text/html;base64,PHNjcmlwdD4=', 'image/png')).toBeUndefined();
    expect(policy.mediaSrc('data:image/svg+xml,%3Csvg%3E', 'image/png')).toBeUndefined();
    expect(policy.mediaSrc('data:image/png;base64,AAAA', 'text/html')).toBeUndefined();
    expect(policy.mediaSrc('data:image/svg+xml,<svg>', 'video/mp4')).toBeUndefined();
    expect(policy.mediaSrc('http://img.example/a.png', 'image/png')).toBeUndefined();
    expect(policy.mediaSrc('javascript:alert(1)', 'image/png')).toBeUndefined();
    expect(policy.mediaSrc('https://img.example/a.html', 'text/html')).toBeUndefined();
  });
  it('restricts remote media to configured origins', () => {
    const strict = createUrlPolicy({ mediaOrigins: ['https://img.example'] });
    expect(strict.mediaSrc('https://img.example/a.png', 'image/png')).toBeDefined();
    expect(strict.mediaSrc('https://other.example/a.png', 'image/png')).toBeUndefined();
    expect(createUrlPolicy({ mediaOrigins: [] }).mediaSrc('https://img.example/a.png', 'image/png')).toBeUndefined();
  });
});

describe('credentials in URLs', () => {
  const withUserinfo = [
    'https://user:pass@example.org/',
    'https://user@example.org/',
    'HTTPS://User:Pass@Example.org',
    'https:user:pass@example.org',
    'https:\\\\user:pass@example.org',
    'https://bank.example%2Flogin@evil.example/',
    'https://user%3Apass@example.org/',
    'https://user:p%40ss@example.org/',
    'ftp://anonymous@files.example/',
  ];
  it('refuses every link and media URL with userinfo, in any spelling, and names the refusal', () => {
    const open = createUrlPolicy({ linkSchemes: ['http:', 'https:', 'mailto:', 'ftp:'], mediaOrigins: 'https' });
    for (const url of withUserinfo) {
      expect(open.linkHref(url), url).toBeUndefined();
      expect(urlCredentials(url), url).toMatch(/carries credentials in its userinfo/);
    }
    expect(open.mediaSrc('https://user:pass@img.example/a.png', 'image/png')).toBeUndefined();
    // The allowed forms still pass: a mail address is not userinfo, nor is an @ in a path or query.
    expect(open.linkHref('mailto:ada@example.org')).toBe('mailto:ada@example.org');
    expect(open.linkHref('https://example.org/@ada?to=a%40b')).toBe('https://example.org/@ada?to=a%40b');
    expect(open.linkHref('https://example.org/go?next=https%3A%2F%2Fu%3Ap%40evil.example')).toBeDefined();
    expect(open.mediaSrc('https://img.example/a.png', 'image/png')).toBeDefined();
  });
  it('never repeats the secret in its message', () => {
    const why = urlCredentials('https://ada:hunter2@example.org/x')!;
    expect(why).not.toContain('hunter2');
    expect(why).not.toContain('ada');
    expect(why).toContain('"https://…:…@example.org/x"');
    expect(why).toContain('https://example.org/');
  });
  it('refuses a group whose link, media or markdown carries credentials, naming the entry', () => {
    const link = checkUrlCredentials({
      type: 'link-card',
      group: [
        ['title', { text: 'Bank' }],
        ['url', { data: 'https://bank.example@evil.example/', mimeType: 'text/uri-list' }],
      ],
    });
    expect(link?.code).toBe(-32006);
    expect(link?.message).toMatch(/^entry "url": .*userinfo \(user@\)/);
    const markdown = checkUrlCredentials({
      type: 'card',
      group: [
        ['body', { text: 'See [the report](https://ada:secret@example.org/r) and ![x](https://u@img.example/a.png)' }],
      ],
    });
    expect(markdown?.message).toMatch(/^entry "body" \(markdown\): .*user:password@/);
    expect(
      checkUrlCredentials({
        type: 'card',
        group: [['body', { text: 'Mail ada@example.org or see <https://example.org/@ada>' }]],
      }),
    ).toBeUndefined();
    // Plain text is never linked, so it is not this rule's business.
    expect(
      checkUrlCredentials({
        type: 'card',
        group: [['body', { text: 'https://u:p@example.org', mimeType: 'text/plain' }]],
      }),
    ).toBeUndefined();
  });
  it('refuses at apply time the markdown spellings of @ that markdown-it decodes (&#64;, &#x40;, &commat;, \\@), instead of dropping the link at render', () => {
    for (const spelled of [
      'https://bank.example&#64;evil.example/',
      'https://bank.example&#x40;evil.example/',
      'https://bank.example&commat;evil.example/',
      'https://bank.example\\@evil.example/',
      'https://u&#58;p&#x25;40evil.example/',
    ]) {
      const issue = checkUrlCredentials({ type: 'card', group: [['body', { text: `[Bank](${spelled})` }]] });
      expect(issue?.message, spelled).toMatch(/^entry "body" \(markdown\): .*userinfo/);
    }
    expect(
      checkUrlCredentials({
        type: 'card',
        group: [['body', { text: 'Mail ada&#64;example.org, see [me](https://example.org/&#64;ada)' }]],
      }),
    ).toBeUndefined();
  });
  it('fails closed past the candidate budget, with an error that says how to fix it', () => {
    const many = Array.from({ length: MAX_MARKDOWN_URL_CANDIDATES + 1 }, (_, i) => `mailto:a${i}@example.org`).join(
      ' ',
    );
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text: many }]] })?.message).toMatch(
      /^entry "body" \(markdown\): it holds more than 256 URL-like runs with an "@".*split it/,
    );
    const enough = Array.from({ length: MAX_MARKDOWN_URL_CANDIDATES }, (_, i) => `mailto:a${i}@example.org`).join(' ');
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text: enough }]] })).toBeUndefined();
  });
  it('scans each text particle once: the verdict is cached on the (immutable) particle', () => {
    const body = { text: 'See [r](https://example.org/r)' };
    expect(checkUrlCredentials({ type: 'card', group: [['body', body]] })).toBeUndefined();
    // Mutating a particle never happens in the renderer; here it proves the second check did not re-scan.
    body.text = '[x](https://u:p@example.org)';
    expect(checkUrlCredentials({ type: 'card', group: [['body', body]] })).toBeUndefined();
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text: body.text }]] })?.message).toMatch(
      /user:password@/,
    );
  });
  // How the scan's cost grows with adversarial "a:@ " texts is a ratio, measured in bench/ (case
  // append-credentials), never judged here where a busy machine could flip it.
  it('refuses adversarial "a:@ " texts by the URL-run budget, whatever their length', () => {
    const texts = (chars: number) =>
      Array.from({ length: 5 }, (_, i) => [`t${i}`, { text: 'a:@ '.repeat(chars / 4) }] as [string, { text: string }]);
    expect(checkUrlCredentials({ type: 'card', group: texts(200_000) })?.message).toMatch(
      /more than 256 URL-like runs/,
    );
  });
  it('scans a markdown text to its end, however long: credentials past the first 200,000 characters are refused', () => {
    const filler = 'the quarter went well '.repeat(10_000); // 220,000 characters
    const text = `${filler}[the bank](https://ada:secret@bank.example/)`;
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text }]] })?.message).toMatch(/user:password@/);
    // And when the link arrives by appends at the end of such a text.
    const tree: GroupParticle = { group: [['body', { text: filler }]] };
    const ops: Op[] = [
      { method: Method.append, params: { path: ['body'], text: '[the bank](https://ada:secret@bank.example/)' } },
    ];
    const result = applyTransaction(tree, ops, {
      checkGroup: (group, _path, changed) => checkUrlCredentials(group, changed),
    });
    expect(result.ok).toBe(false);
  });
  it('catches credentials that arrive over several appends, across the point the last scan stopped', () => {
    let text = 'Log in at [the bank](https://ada';
    for (const token of [':se', 'cret', ' ', 'x']) {
      expect(checkUrlCredentials({ type: 'card', group: [['body', { text }]] }), text).toBeUndefined();
      text += token;
    }
    text = 'Log in at [the bank](https://ada:secret';
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text }]] })).toBeUndefined();
    text += '@bank.example/) today.';
    expect(checkUrlCredentials({ type: 'card', group: [['body', { text }]] })?.message).toMatch(/user:password@/);
  });
  it('keeps the candidate budget exact across appends', () => {
    let text = '';
    let verdict: string | undefined;
    for (let i = 0; i <= MAX_MARKDOWN_URL_CANDIDATES && verdict === undefined; i += 1) {
      text += `mailto:a${i}@example.org `;
      verdict = checkUrlCredentials({ type: 'card', group: [['body', { text }]] })?.message;
      if (i < MAX_MARKDOWN_URL_CANDIDATES) expect(verdict, `after ${i + 1} addresses`).toBeUndefined();
    }
    expect(verdict).toMatch(/more than 256 URL-like runs/);
  });
  it.each([
    ['every token accepted', false],
    ['a refused transaction between tokens (its append rolled back)', true],
  ])('reads only the delta and the open run per streamed token, however many came before: %s', (_, refuse) => {
    const long = 'a@b '.repeat(2_500); // every piece holds an "@", so each scan of it runs the URL-run matcher
    const refused: Op[] = [{ method: Method.remove, params: { path: ['missing'] } } as Op];
    const append = (text: string): Op[] => [{ method: Method.append, params: { path: ['t'], text } } as Op];
    let tree: GroupParticle = { group: [] };
    const first = applyTransaction(
      tree,
      [{ method: Method.append, params: { path: [], id: 't', particle: { text: long } } } as Op],
      { checkGroup: (group, _path, changed) => checkUrlCredentials(group, changed) },
    );
    if (!first.ok) throw new Error(first.error.message);
    tree = first.tree;
    const matchAll = String.prototype.matchAll;
    let read = 0;
    String.prototype.matchAll = function (this: string, pattern: RegExp) {
      read += this.length;
      return matchAll.call(this, pattern);
    } as typeof matchAll;
    try {
      const checkGroup = (group: GroupParticle, _path: readonly string[], changed?: ReadonlySet<string>) =>
        checkUrlCredentials(group, changed);
      for (let i = 0; i < 200; i += 1) {
        if (refuse) expect(applyTransaction(tree, [...append('e@f '), ...refused], { checkGroup }).ok).toBe(false);
        const next = applyTransaction(tree, append('c@d '), { checkGroup });
        if (!next.ok) throw new Error(next.error.message);
        tree = next.tree;
      }
    } finally {
      String.prototype.matchAll = matchAll;
    }
    // 200 tokens of 4 characters: a rescan of the whole text per token would read over 2,000,000.
    expect(read).toBeGreaterThan(0);
    expect(read).toBeLessThan(200 * 16);
  });

  it('scans a text a transaction appended to from where the scan of the text it extends stopped, with the verdicts of a scan of the whole text (property)', () => {
    // Runs, entities and escapes, cut anywhere by the chunks: the spellings of @ and %, schemes, delimiters, whitespace.
    const pieces = [
      'a',
      'x',
      ' ',
      '\n',
      '\u00a0',
      ':',
      '/',
      '//',
      '@',
      '%',
      '40',
      '%40',
      '&',
      '#',
      '64',
      'x40',
      ';',
      '&#64;',
      '&commat;',
      '&#32;',
      '\\',
      '\\@',
      '.',
      'example',
      'https',
      'http:',
      'mailto:',
      'u',
      'p',
      '(',
      ')',
      '[',
      ']',
      '<',
    ];
    const chunk = fc.array(fc.constantFrom(...pieces), { maxLength: 6 }).map((parts) => parts.join(''));
    // A fresh particle ending in whitespace is scanned in one piece, as the text was before scans
    // resumed (a whitespace ends every run, entity and escape, so it changes no verdict).
    const whole = (text: string) => checkUrlCredentials({ group: [['t', { text: `${text} ` }]] })?.message;
    fc.assert(
      fc.property(
        chunk,
        fc.array(fc.array(chunk, { minLength: 1, maxLength: 3 }), { maxLength: 12 }),
        (start, batches) => {
          let tree: GroupParticle = { group: [['t', { text: start }]] };
          let shown = start;
          expect(checkUrlCredentials(tree)?.message).toBe(whole(start));
          for (const batch of batches) {
            // One transaction per batch: several appends to the leaf in one batch chain their particles.
            const ops = batch.map((text) => ({ method: Method.append, params: { path: ['t'], text } }) as Op);
            const result = applyTransaction(tree, ops, { checkGroup: (group) => checkUrlCredentials(group) });
            // The transaction's error names the op and the group before the policy's own message.
            const refused = result.ok
              ? undefined
              : result.error.message.replace(/^op \d+ \(suip\/ops\/append\) at path \[\]: /, '');
            expect(refused, JSON.stringify([shown, batch])).toBe(whole(shown + batch.join('')));
            if (result.ok) {
              tree = result.tree;
              shown += batch.join('');
            }
          }
        },
      ),
      { numRuns: 600 },
    );
  });
  it('judges appended texts as a whole-text scan does, over a wide list edited in place, refused and rolled-back batches and unchecked ones (property)', () => {
    // Text extensions keep one step back (text-extension.ts): a scan whose predecessor was never
    // scanned (an unchecked batch, the second append of a batch) must fall back to the whole text,
    // and a rolled-back batch must leave the texts (and the next verdicts) as they were.
    const pieces = ['a', ' ', ':', '//', '@', '%40', '&#64;', '\\@', 'https:', 'mailto:', 'u', 'p', 'x.example', ')'];
    const chunk = fc.array(fc.constantFrom(...pieces), { maxLength: 5 }).map((parts) => parts.join(''));
    const ids = ['t0', 't1', 't2'];
    const whole = (id: string, text: string) => checkUrlCredentials({ group: [[id, { text: `${text} ` }]] })?.message;
    const step = fc.record({
      appends: fc.array(fc.tuple(fc.constantFrom(...ids), chunk), { minLength: 1, maxLength: 4 }),
      checked: fc.boolean(),
      // A last op that fails (no such entry): the whole batch is rolled back.
      fails: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 14 }), (steps) => {
        const model = new Map(ids.map((id) => [id, '']));
        let tree: GroupParticle = { group: ids.map((id) => [id, { text: '' }]) };
        for (const { appends, checked, fails } of steps) {
          const ops: Op[] = appends.map(
            ([id, text]) => ({ method: Method.append, params: { path: [id], text } }) as Op,
          );
          if (fails) ops.push({ method: Method.append, params: { path: ['missing'], text: 'x' } } as Op);
          const result = applyTransaction(tree, ops, {
            inPlaceWidth: 0,
            ...(checked ? { checkGroup: (group, _path, changed) => checkUrlCredentials(group, changed) } : {}),
          });
          const next = new Map(model);
          for (const [id, text] of appends) next.set(id, next.get(id)! + text);
          const verdicts = [...new Set(appends.map(([id]) => id))]
            .map((id) => whole(id, next.get(id)!))
            .filter((why) => why !== undefined);
          const context = JSON.stringify([[...model], appends, checked, fails]);
          if (fails || (checked && verdicts.length > 0)) {
            expect(result.ok, context).toBe(false);
            if (!fails && !result.ok)
              expect(verdicts, context).toContain(
                result.error.message.replace(/^op \d+ \(suip\/ops\/append\) at path \[\]: /, ''),
              );
          } else {
            expect(result.ok, context).toBe(true);
            if (result.ok) tree = result.tree;
            for (const [id, text] of next) model.set(id, text);
          }
          // The tree holds the model's texts: a rollback restored every one of them.
          expect(
            tree.group.map(([id, p]) => [id, (p as { text: string }).text]),
            context,
          ).toEqual([...model]);
        }
      }),
      { numRuns: 500 },
    );
  });
  it('counts the candidate budget once per run across appended transactions', () => {
    let tree: GroupParticle = { group: [['t', { text: '' }]] };
    let refused: string | undefined;
    for (let i = 0; i <= MAX_MARKDOWN_URL_CANDIDATES && refused === undefined; i += 1) {
      // Each address arrives in two tokens, the second starting mid-run.
      for (const text of [`mailto:a${i}@exa`, 'mple.org ']) {
        const result = applyTransaction(tree, [{ method: Method.append, params: { path: ['t'], text } } as Op], {
          checkGroup: (group) => checkUrlCredentials(group),
        });
        if (!result.ok) refused = result.error.message;
        else tree = result.tree;
      }
      if (i < MAX_MARKDOWN_URL_CANDIDATES) expect(refused, `after ${i + 1} addresses`).toBeUndefined();
    }
    expect(refused).toMatch(/more than 256 URL-like runs/);
  });
});

describe('isWhitespace', () => {
  it('agrees with the regex `\\s` on every UTF-16 code unit (the scan cuts where URL_LIKE stops)', () => {
    const differ: number[] = [];
    for (let code = 0; code <= 0xffff; code += 1)
      if (isWhitespace(code) !== /\s/.test(String.fromCharCode(code))) differ.push(code);
    expect(differ).toEqual([]);
  });
});
