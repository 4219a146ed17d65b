import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import { BASIC_CATALOG_ID, type A2uiOutgoing } from '../../shared/neighbours/a2ui/messages.ts';
import type { ActionResponse } from './v0-10.ts';

const v = 'v0.10';

describe('v0.10 behind the version switch', () => {
  it('createSurface carries surfaceProperties, the first components and the data model', () => {
    const bridge = new A2uiBridge({ send: () => undefined, version: v });
    expect(bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, surfaceProperties: { agentDisplayName: 'Bot' }, components: [{ id: 'root', component: 'Text', text: { path: '/t' } }], dataModel: { t: 'hi' } } })).toEqual([]);
    expect(bridge.translate('s').root).toEqual({ text: 'hi' });
  });

  it('a v0.9 bridge ignores createSurface.components (it is not v0.9) and refuses v0.10 messages', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    expect(bridge.receive({ version: v, callFunction: { call: 'not' }, functionCallId: 'f' })[0]!.path).toBe('');
  });

  it('callFunction runs a basic function and answers functionResponse; remoteOnly and unknown calls answer an error with the functionCallId', () => {
    const sent: A2uiOutgoing[] = [];
    const opened: string[] = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out), version: v, openUrl: (url) => opened.push(url) });
    bridge.receive({ version: v, functionCallId: 'f1', wantResponse: true, callFunction: { call: 'formatCurrency', args: { value: 5, currency: 'EUR' }, returnType: 'string', callableFrom: 'clientOrRemote' } });
    bridge.receive({ version: v, functionCallId: 'f2', callFunction: { call: 'openUrl', args: { url: 'https://example.org' }, returnType: 'void', callableFrom: 'clientOrRemote' } });
    bridge.receive({ version: v, functionCallId: 'f3', wantResponse: true, callFunction: { call: 'not', args: { value: true }, returnType: 'boolean', callableFrom: 'remoteOnly' } });
    bridge.receive({ version: v, functionCallId: 'f4', wantResponse: true, callFunction: { call: 'eval', args: {}, returnType: 'any', callableFrom: 'clientOrRemote' } });
    expect(opened).toEqual(['https://example.org']);
    expect(sent.map((o) => o.message)).toEqual([
      { version: v, functionResponse: { functionCallId: 'f1', call: 'formatCurrency', value: '€5.00' } },
      { version: v, error: { code: 'FUNCTION_FAILED', functionCallId: 'f3', message: expect.stringContaining('remoteOnly') } },
      { version: v, error: { code: 'FUNCTION_FAILED', functionCallId: 'f4', message: expect.stringContaining('unknown function "eval"') } },
    ]);
  });

  it('an action asks for a response with an actionId, and the actionResponse reaches the host once', () => {
    const sent: A2uiOutgoing[] = [];
    const heard: Array<[string, ActionResponse, string]> = [];
    const bridge = new A2uiBridge({ send: (out) => sent.push(out), version: v, onActionResponse: (id, response, surfaceId) => heard.push([id, response, surfaceId]) });
    bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID, components: [{ id: 'root', component: 'Button', child: 't', action: { event: { name: 'go' } } }, { id: 't', component: 'Text', text: 'Go' }] } });
    const button = bridge.translate('s').root as { on: { click: (e: unknown) => void } };
    button.on.click({ event: 'click', path: [] });
    const action = (sent[0]!.message as { action: { actionId: string; wantResponse: boolean } }).action;
    expect(action).toMatchObject({ wantResponse: true, actionId: 'a1' });
    expect(bridge.receive({ version: v, actionId: 'a1', actionResponse: { value: { ok: true } } })).toEqual([]);
    expect(heard).toEqual([['a1', { value: { ok: true } }, 's']]);
    expect(bridge.receive({ version: v, actionId: 'a1', actionResponse: { value: 1 } })[0]!.message).toContain('no action "a1" is waiting');
  });
});
