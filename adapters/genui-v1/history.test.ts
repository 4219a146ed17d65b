import { describe, expect, it } from 'vitest';
import { seedValidators } from './testing/seed-schemas.ts';
import { Conversation, compact } from './history.ts';
import { bindingsFor, toUiEvent } from './events.ts';

const seed = seedValidators();
const catalogDefinition = { protocolVersion: '1.0', baseCatalog: { name: 'default', version: '1.0' } };
const surface = (surfaceId: string, label: string) => ({
  surfaceId,
  root: 'b',
  widgets: [{ id: 'b', widget: { button: { label } } }],
});

describe('events → UiEvent', () => {
  it('follows the table: clicks and submits are actions, changes are not', () => {
    const at = new Date('2026-11-25T12:00:00.000Z');
    const click = toUiEvent('s', bindingsFor('ElevatedButton', 'button', 'go')[0]!, { event: 'click', path: [] }, at);
    expect(click).toEqual({
      surfaceId: 's',
      widgetId: 'go',
      eventType: 'onPressed',
      isAction: true,
      timestamp: '2026-11-25T12:00:00.000Z',
    });
    expect(toUiEvent('s', bindingsFor('button', 'button', 'go')[0]!, { event: 'click', path: [] }, at).eventType).toBe(
      'click',
    );
    expect(
      toUiEvent('s', bindingsFor('form', 'form', 'f')[0]!, { event: 'submit', path: [], formData: { a: '1' } }, at),
    ).toMatchObject({ eventType: 'submit', isAction: true, value: { a: '1' } });
    expect(
      toUiEvent('s', bindingsFor('TextField', 'text-field', 't')[0]!, { event: 'change', path: [], value: 'Ada' }, at),
    ).toMatchObject({ eventType: 'onChanged', isAction: false, value: 'Ada' });
    expect(
      toUiEvent('s', bindingsFor('toggle', 'toggle', 't')[0]!, { event: 'change', path: [], checked: true }, at),
    ).toMatchObject({ eventType: 'change', isAction: false, value: true });
    expect(bindingsFor('card', 'card', 'c')).toEqual([]);
  });
});

describe('client-side history (seed 000)', () => {
  it('records user turns and model turns (UiPart per live surface + TextPart); every request matches the seed schema', () => {
    const c = new Conversation();
    c.addText('Book a table');
    expect(seed.request({ catalogDefinition, conversation: c.outgoing() })).toBe(true);
    c.commitPending();
    c.completeTurn([surface('booking', 'Book')], 'Here is a form.');
    c.addEvent({
      surfaceId: 'booking',
      widgetId: 't',
      eventType: 'change',
      isAction: false,
      value: 'A',
      timestamp: new Date().toISOString(),
    });
    c.addEvent({
      surfaceId: 'booking',
      widgetId: 't',
      eventType: 'change',
      isAction: false,
      value: 'Ada',
      timestamp: new Date().toISOString(),
    });
    c.addEvent({
      surfaceId: 'booking',
      widgetId: 'b',
      eventType: 'click',
      isAction: true,
      timestamp: new Date().toISOString(),
    });
    const body = { catalogDefinition, conversation: c.outgoing() };
    expect(seed.request(body), JSON.stringify(seed.request.errors)).toBe(true);
    expect(body.conversation.map((m) => [m.role, m.parts.map((p) => p.type)])).toEqual([
      ['user', ['text']],
      ['model', ['ui', 'text']],
      ['user', ['uiEvent', 'uiEvent']],
    ]);
    expect((body.conversation[2]!.parts[0] as { event: { value: string } }).event.value).toBe('Ada');
  });

  it('compacts: only the newest UiPart of each surface, images older than 5 user turns dropped', () => {
    const messages = [
      { role: 'user' as const, parts: [{ type: 'image' as const, url: 'https://x/a.png' }] },
      {
        role: 'model' as const,
        parts: [
          { type: 'ui' as const, definition: surface('a', 'old') },
          { type: 'text' as const, text: '1' },
        ],
      },
      ...Array.from({ length: 6 }, () => ({ role: 'user' as const, parts: [{ type: 'text' as const, text: 'more' }] })),
      {
        role: 'model' as const,
        parts: [
          { type: 'ui' as const, definition: surface('a', 'new') },
          { type: 'text' as const, text: '2' },
        ],
      },
    ];
    const out = compact(messages);
    expect(JSON.stringify(out)).not.toContain('old');
    expect(JSON.stringify(out)).toContain('new');
    expect(JSON.stringify(out)).not.toContain('a.png');
  });
});
