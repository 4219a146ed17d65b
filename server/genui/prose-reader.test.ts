import { describe, expect, it } from 'vitest';
import { AnswerEvents } from './answer-events.ts';
import { ProseReader } from './prose-reader.ts';

function reader(options: { max?: number; partial?: boolean; bare?: boolean } = {}) {
  const out = new AnswerEvents();
  const prose = new ProseReader(out, options.max ?? 1000, options.partial === true);
  prose.bare = options.bare ?? true;
  return { out, prose };
}

describe('the GenUI prose reader', () => {
  it('streams prose at once, holds a line that may be a bare command to its end, and previews it', () => {
    const { out, prose } = reader({ partial: true });
    prose.push('Hi there\n  ');
    expect(out.take()).toEqual([{ kind: 'text', text: 'Hi there\n' }]);
    prose.push('{"deleteSurface":');
    prose.push('{"surfaceId":"a"}}\nx');
    expect(out.take()).toEqual([
      { kind: 'partial', text: '  {"deleteSurface":' },
      { kind: 'partial', text: '{"surfaceId":"a"}}' },
      { kind: 'partial', text: '\n' },
      { kind: 'command', value: { deleteSurface: { surfaceId: 'a' } } },
      { kind: 'text', text: 'x' },
    ]);
  });

  it('inside a fence that is prose, a brace line is prose; a cut bare command is said cut', () => {
    const fenced = reader({ bare: false });
    fenced.prose.push('{"deleteSurface":{"surfaceId":"a"}}\n');
    expect(fenced.out.take()).toEqual([{ kind: 'text', text: '{"deleteSurface":{"surfaceId":"a"}}\n' }]);
    const cut = reader();
    cut.prose.push('{"deleteSurface":{"surfaceId":"a"');
    cut.prose.end();
    expect(cut.out.take()).toEqual([{ kind: 'error', message: expect.stringContaining('cut in the middle') }]);
  });

  it('says a held line over the limit was dropped, a flowing one that its rest was not shown', () => {
    const { out, prose } = reader({ max: 5 });
    prose.push('{"abcdef"}\nabcde');
    prose.push('fg\n');
    expect(out.take()).toEqual([
      { kind: 'error', message: 'a line of 10 characters was dropped (the limit is 5); send smaller surfaces' },
      { kind: 'text', text: 'abcde' },
      { kind: 'error', message: 'the rest of a line of 7 characters was not shown (the limit is 5)' },
    ]);
  });
});
