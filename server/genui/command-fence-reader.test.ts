import { describe, expect, it } from 'vitest';
import { AnswerEvents } from './answer-events.ts';
import { CommandFenceReader } from './command-fence-reader.ts';

const command = '{"deleteSurface":{"surfaceId":"a"}}';

describe('the GenUI command fence reader', () => {
  it('reads one command per line, the closing fence ending the last; blank lines are skipped', () => {
    const out = new AnswerEvents();
    const reader = new CommandFenceReader(out, 1000, false);
    reader.push(`${command}\n\n  {"x": `);
    reader.push('1}');
    reader.close();
    expect(out.take()).toEqual([
      { kind: 'command', value: { deleteSurface: { surfaceId: 'a' } } },
      { kind: 'command', value: { x: 1 } },
    ]);
  });

  it('previews a line as partial pieces (none while blank), and says a line the answer cut was cut', () => {
    const out = new AnswerEvents();
    const reader = new CommandFenceReader(out, 1000, true);
    reader.push('   ');
    reader.push(command.slice(0, 20));
    reader.end();
    expect(out.take()).toEqual([
      { kind: 'partial', text: `   ${command.slice(0, 20)}` },
      { kind: 'error', message: expect.stringContaining('the answer was cut in the middle of a UI command') },
    ]);
  });

  it('drops a line over the limit as it streams and says so once', () => {
    const out = new AnswerEvents();
    const reader = new CommandFenceReader(out, 10, false);
    reader.push('x'.repeat(8));
    reader.push('x'.repeat(8));
    reader.close();
    expect(out.take()).toEqual([
      { kind: 'error', message: 'a line of 16 characters was dropped (the limit is 10); send smaller surfaces' },
    ]);
  });
});
