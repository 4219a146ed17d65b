import { describe, expect, it } from 'vitest';
import { decodeAgUiEvent } from './events.ts';
import { DEFAULT_AG_UI_LIMITS } from './limits.ts';

describe('decodeAgUiEvent', () => {
  const decode = (data: string, limits = DEFAULT_AG_UI_LIMITS) => decodeAgUiEvent(data, limits);

  it('passes an event exactly as @ag-ui/core defines it', () => {
    expect(decode('{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi"}')).toEqual({
      ok: true,
      event: { type: 'TEXT_MESSAGE_CONTENT', messageId: 'm1', delta: 'Hi' },
    });
  });

  it('refuses with a code and a sentence that says the fix', () => {
    const refused = (data: string, limits = DEFAULT_AG_UI_LIMITS) => {
      const result = decode(data, limits);
      return result.ok ? 'passed' : `${result.code}: ${result.message}`;
    };
    expect(refused('{nope')).toMatch(/^malformed_event: an event that is not JSON/);
    expect(refused('[1]')).toMatch(/^malformed_event: an event without a string "type"/);
    expect(refused('{"type":"TELEPORT"}')).toMatch(/^unknown_event: .*"TELEPORT".*use CUSTOM/);
    expect(refused('{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1"}')).toMatch(
      /^malformed_event: a TEXT_MESSAGE_CONTENT event .* at \/delta/,
    );
    expect(refused(`{"type":"CUSTOM","name":"x","value":${'['.repeat(100)}${']'.repeat(100)}}`)).toMatch(
      /^malformed_event: an event nested deeper than 64/,
    );
    expect(
      refused(`{"type":"CUSTOM","name":"x","value":"${'é'.repeat(600)}"}`, {
        ...DEFAULT_AG_UI_LIMITS,
        maxEventBytes: 1000,
      }),
    ).toMatch(/^event_too_large: .*refused before parsing/);
  });
});
