import { describe, expect, it } from 'vitest';
import { BARE_COMMAND, cutCommand, parseCommandLine } from './command-line.ts';

describe('a GenUI command line', () => {
  it('parses an object, and names what is wrong with anything else', () => {
    expect(parseCommandLine('{"deleteSurface": {"surfaceId": "a"}}')).toEqual({
      kind: 'command',
      value: { deleteSurface: { surfaceId: 'a' } },
    });
    expect(parseCommandLine('[1]')).toEqual({
      kind: 'error',
      message: 'a line in the genui fence is not a JSON object: [1]',
    });
    expect(parseCommandLine('{"a":')).toMatchObject({
      kind: 'error',
      message: /^a line in the genui fence is not valid JSON/,
    });
    expect(parseCommandLine('['.repeat(70))).toEqual({
      kind: 'error',
      message: 'a UI command nests deeper than 64 levels',
    });
  });

  it('says a cut command`s surface without quoting its JSON', () => {
    const line = '{"addOrUpdateSurface": {"surfaceId": "card", "secret": "x';
    expect(BARE_COMMAND.test(line)).toBe(true);
    expect(cutCommand(line)).toEqual({
      kind: 'error',
      message: `the answer was cut in the middle of a UI command for surface "card" (after ${line.length} characters); send it again whole`,
    });
  });
});
