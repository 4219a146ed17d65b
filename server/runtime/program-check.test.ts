import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BUILTIN_VOCABULARY } from '../../core/index.ts';
import { checkProgram } from './program-check.ts';

const TYPES = BUILTIN_VOCABULARY.map((entry) => entry.type);

describe('checkProgram', () => {
  it('refuses a group type the vocabulary does not have, as render() would, with the line and the nearest type', () => {
    const check = checkProgram('const { render } = suip;\nrender(suip.group("select", []));');
    expect(check).toEqual({
      ok: false,
      error: expect.stringMatching(
        /^line 2: group\("select", …\) names a type this host does not have.*did you mean group\("choice", …\)\?$/,
      ),
    });
    expect(checkProgram('suip.render(suip.group(`cardd`, []))')).toMatchObject({
      ok: false,
      error: expect.stringContaining('did you mean group("card", …)?'),
    });
    expect(
      checkProgram('const { group, render } = suip;\nrender(group("card", [["x", group("zzzzqqq", [])]]));'),
    ).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^line 2: .*"zzzzqqq".*use one of the types of the vocabulary: /),
    });
  });

  it('passes known types, plain groups (null) and types computed at run time (the sandbox checks those)', () => {
    expect(checkProgram('const { group, render } = suip;\nrender(group(null, [["a", group("card", [])]]));')).toEqual({
      ok: true,
    });
    expect(checkProgram('const t = "select"; suip.render(suip.group(t, []));')).toEqual({ ok: true });
  });

  it('names the first unknown type in source order, and a deeply nested program does not overflow the stack', () => {
    expect(
      checkProgram('suip.render(suip.group("card", [["a", suip.group("aaa1", [])], ["b", suip.group("bbb2", [])]]));'),
    ).toMatchObject({ error: expect.stringContaining('"aaa1"') });
    const deep = `suip.render(${'suip.group("card", [["x", '.repeat(100)}suip.group("nope", [])${']])'.repeat(100)});`;
    expect(checkProgram(deep)).toMatchObject({ ok: false, error: expect.stringContaining('"nope"') });
  });

  it('agrees with the vocabulary for any literal type (property, against the type list as the model)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.constantFrom(...TYPES), fc.string({ maxLength: 12 })), (type) => {
        const check = checkProgram(`suip.render(suip.group(${JSON.stringify(type)}, []));`);
        expect(check.ok).toBe(TYPES.includes(type));
      }),
    );
  });
});
