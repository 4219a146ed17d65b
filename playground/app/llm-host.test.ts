import { describe, expect, it } from 'vitest';
import { createLlmHost, type EditableSlots } from './llm-host.ts';

function slots(): EditableSlots {
  return {
    wiring: undefined,
    slot: 'left',
    codes: { left: 'mine', right: 'other' },
    exampleIds: { left: 'counter', right: 'quiz' },
    streaming: false,
  };
}

describe('the model panel host', () => {
  it('puts back the code a model streamed over when no program arrives', () => {
    const app = slots();
    const host = createLlmHost(app);
    host.showCode('par', true);
    host.showCode('partial', true);
    expect(app).toMatchObject({ streaming: true, codes: { left: 'partial', right: 'other' } });
    host.endStreaming(true);
    expect(app).toMatchObject({ streaming: false, codes: { left: 'mine', right: 'other' } });
  });

  it('keeps the streamed code when told to, and forgets the old code for the next stream', () => {
    const app = slots();
    const host = createLlmHost(app);
    host.showCode('first', true);
    host.endStreaming(false);
    host.showCode('second', true);
    host.endStreaming(true);
    expect(app.codes.left).toBe('first');
  });

  it("runs a program as the slot's own code and says when the playground is not ready", async () => {
    const app = slots();
    const outcome = await createLlmHost(app).run('render()');
    expect(outcome).toEqual({ ok: false, error: 'the playground is not ready' });
    expect(app).toMatchObject({ codes: { left: 'render()' }, exampleIds: { left: '', right: 'quiz' } });
  });
});
