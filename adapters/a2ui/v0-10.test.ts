import { describe, expect, it } from 'vitest';
import { A2uiBridge } from './bridge.ts';
import {
  BASIC_CATALOG_ID,
  BASIC_CATALOG_ID_V0_10,
  MINIMAL_CATALOG_ID_V0_10,
  type A2uiOutgoing,
} from '../../shared/neighbours/a2ui/messages.ts';
import type { ActionResponse } from './v0-10.ts';
import { a2uiValidatorsV010 } from './testing/schemas.ts';

const schemas = a2uiValidatorsV010();

const v = 'v0.10';

describe('v0.10 behind the version switch', () => {
  it('the v0.10 schemas can fail: a message without its required fields is refused', () => {
    expect(schemas.clientToServer({ version: 'v0.10', action: { name: 'x' } })).not.toEqual([]);
  });

  it('createSurface carries surfaceProperties, the first components and the data model', () => {
    const bridge = new A2uiBridge({ send: () => undefined, version: v });
    expect(
      bridge.receive({
        version: v,
        createSurface: {
          surfaceId: 's',
          catalogId: BASIC_CATALOG_ID,
          surfaceProperties: { agentDisplayName: 'Bot' },
          components: [{ id: 'root', component: 'Text', text: { path: '/t' } }],
          dataModel: { t: 'hi' },
        },
      }),
    ).toEqual([]);
    expect(bridge.translate('s').root).toEqual({ text: 'hi' });
  });

  it('a v0.9 bridge ignores createSurface.components (it is not v0.9) and refuses v0.10 messages', () => {
    const bridge = new A2uiBridge({ send: () => undefined });
    expect(bridge.receive({ version: v, callFunction: { call: 'not' }, functionCallId: 'f' })[0]!.path).toBe('');
  });

  it(
    'callFunction runs a basic function and answers functionResponse; ' +
      'remoteOnly and unknown calls answer an error with the functionCallId',
    () => {
      const sent: A2uiOutgoing[] = [];
      const opened: string[] = [];
      const bridge = new A2uiBridge({ send: (out) => sent.push(out), version: v, openUrl: (url) => opened.push(url) });
      bridge.receive({
        version: v,
        functionCallId: 'f1',
        wantResponse: true,
        callFunction: {
          call: 'formatCurrency',
          args: { value: 5, currency: 'EUR' },
          returnType: 'string',
          callableFrom: 'clientOrRemote',
        },
      });
      bridge.receive({
        version: v,
        functionCallId: 'f2',
        callFunction: {
          call: 'openUrl',
          args: { url: 'https://example.org' },
          returnType: 'void',
          callableFrom: 'clientOrRemote',
        },
      });
      bridge.receive({
        version: v,
        functionCallId: 'f3',
        wantResponse: true,
        callFunction: { call: 'not', args: { value: true }, returnType: 'boolean', callableFrom: 'remoteOnly' },
      });
      bridge.receive({
        version: v,
        functionCallId: 'f4',
        wantResponse: true,
        callFunction: { call: 'eval', args: {}, returnType: 'any', callableFrom: 'clientOrRemote' },
      });
      expect(opened).toEqual(['https://example.org']);
      for (const out of sent) expect(schemas.clientToServer(out.message)).toEqual([]);
      expect(sent.map((o) => o.message)).toEqual([
        { version: v, functionResponse: { functionCallId: 'f1', call: 'formatCurrency', value: '€5.00' } },
        {
          version: v,
          error: { code: 'FUNCTION_FAILED', functionCallId: 'f3', message: expect.stringContaining('remoteOnly') },
        },
        {
          version: v,
          error: {
            code: 'FUNCTION_FAILED',
            functionCallId: 'f4',
            message: expect.stringContaining('unknown function "eval"'),
          },
        },
      ]);
    },
  );

  it(
    'an event with wantResponse gets an actionId; the actionResponse value ' +
      'lands at responsePath and reaches the host once',
    () => {
      const sent: A2uiOutgoing[] = [];
      const heard: Array<[string, ActionResponse, string]> = [];
      const bridge = new A2uiBridge({
        send: (out) => sent.push(out),
        version: v,
        onActionResponse: (id, response, surfaceId) => heard.push([id, response, surfaceId]),
      });
      bridge.receive({ version: v, createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID_V0_10 } });
      bridge.receive({
        version: v,
        updateComponents: {
          surfaceId: 's',
          components: [
            { id: 'root', component: 'Column', children: ['ask', 'plain', 'answer'] },
            {
              id: 'ask',
              component: 'Button',
              child: 't',
              action: { event: { name: 'suggest', wantResponse: true, responsePath: '/suggestions' } },
            },
            { id: 'plain', component: 'Button', child: 't', action: { event: { name: 'log' } } },
            { id: 't', component: 'Text', text: 'Go' },
            { id: 'answer', component: 'Text', text: { path: '/suggestions/0' } },
          ],
        },
      });
      type Clickable = { group: Array<[string, { on: { click: (e: unknown) => void } }]> };
      const click = (id: string) =>
        (bridge.translate('s').root as unknown as Clickable).group
          .find(([cid]) => cid === id)![1]
          .on.click({ event: 'click', path: [] });
      click('plain');
      click('ask');
      const actions = sent.map((o) => (o.message as { action: Record<string, unknown> }).action);
      expect(actions[0]).not.toHaveProperty('wantResponse');
      expect(actions[0]).not.toHaveProperty('actionId');
      expect(actions[1]).toMatchObject({ name: 'suggest', wantResponse: true, actionId: 'a1' });
      for (const out of sent) expect(schemas.clientToServer(out.message)).toEqual([]);
      expect(
        bridge.receive({ version: v, actionId: 'a1', actionResponse: { value: ['apple', 'application'] } }),
      ).toEqual([]);
      expect(bridge.dataModel('s')).toEqual({ suggestions: ['apple', 'application'] });
      expect(
        (bridge.translate('s').root as { group: Array<[string, { text?: string }]> }).group.find(
          ([id]) => id === 'answer',
        )![1].text,
      ).toBe('apple');
      expect(heard).toEqual([['a1', { value: ['apple', 'application'] }, 's']]);
      expect(bridge.receive({ version: v, actionId: 'a1', actionResponse: { value: 1 } })[0]!.message).toContain(
        'no action "a1" is waiting',
      );
    },
  );

  it(
    'an error actionResponse reaches the host and leaves the model alone; ' +
      'a malformed one is refused with the shape',
    () => {
      const heard: ActionResponse[] = [];
      const sent: A2uiOutgoing[] = [];
      const bridge = new A2uiBridge({
        send: (out) => sent.push(out),
        version: v,
        onActionResponse: (_id, response) => heard.push(response),
      });
      bridge.receive({
        version: v,
        createSurface: {
          surfaceId: 's',
          catalogId: BASIC_CATALOG_ID_V0_10,
          components: [
            {
              id: 'root',
              component: 'Button',
              child: 't',
              action: { event: { name: 'go', wantResponse: true, responsePath: '/r' } },
            },
            { id: 't', component: 'Text', text: 'Go' },
          ],
        },
      });
      (bridge.translate('s').root as { on: { click: (e: unknown) => void } }).on.click({ event: 'click', path: [] });
      expect(
        bridge.receive({
          version: v,
          actionId: 'a1',
          actionResponse: { error: { code: 'NOPE', message: 'no suggestions' } },
        }),
      ).toEqual([]);
      expect(heard).toEqual([{ error: { code: 'NOPE', message: 'no suggestions' } }]);
      expect(bridge.dataModel('s')).toEqual({});
      expect(bridge.receive({ version: v, actionId: 'a2', actionResponse: { nothing: 1 } })[0]!.message).toContain(
        'exactly one of {"value"} or {"error"',
      );
      expect(sent.map((o) => Object.keys(o.message)[1])).toEqual(['action', 'error']);
      for (const out of sent) expect(schemas.clientToServer(out.message)).toEqual([]);
    },
  );

  it(
    'a v0.9 surface on a v0.10 bridge stays v0.9: no wantResponse, no ' +
      'placeholder; v0.10 catalogs need a v0.10 bridge',
    () => {
      const sent: A2uiOutgoing[] = [];
      const bridge = new A2uiBridge({ send: (out) => sent.push(out), version: v });
      bridge.receive({ version: 'v0.9', createSurface: { surfaceId: 'old', catalogId: BASIC_CATALOG_ID } });
      bridge.receive({
        version: 'v0.9',
        updateComponents: {
          surfaceId: 'old',
          components: [
            { id: 'root', component: 'Button', child: 't', action: { event: { name: 'go', wantResponse: true } } },
            { id: 't', component: 'Text', text: 'Go' },
          ],
        },
      });
      (bridge.translate('old').root as { on: { click: (e: unknown) => void } }).on.click({ event: 'click', path: [] });
      expect((sent[0]!.message as { action: object }).action).not.toHaveProperty('wantResponse');
      const v09 = new A2uiBridge({ send: () => undefined });
      expect(
        v09.receive({ version: 'v0.9', createSurface: { surfaceId: 'x', catalogId: BASIC_CATALOG_ID_V0_10 } })[0]!.path,
      ).toBe('/createSurface/catalogId');
      expect(
        bridge.receive({ version: v, createSurface: { surfaceId: 'y', catalogId: MINIMAL_CATALOG_ID_V0_10 } }),
      ).toEqual([]);
      expect(schemas.clientCapabilities(bridge.capabilities())).toEqual([]);
      expect(bridge.capabilities()).toEqual({
        [v]: {
          supportedCatalogIds: [
            BASIC_CATALOG_ID,
            expect.stringContaining('v0_9/catalogs/minimal'),
            BASIC_CATALOG_ID_V0_10,
            MINIMAL_CATALOG_ID_V0_10,
          ],
        },
      });
    },
  );

  it(
    'TextField.placeholder renders on a v0.10 surface (through the real ' +
      'renderer validator) and is ignored on v0.9',
    async () => {
      const { suipPipeline } = await import('./testing/pipeline.ts');
      const field = [
        { id: 'root', component: 'TextField', label: 'City', value: { path: '/c' }, placeholder: { path: '/hint' } },
      ];
      for (const [version, catalogId, expected] of [
        [
          v,
          BASIC_CATALOG_ID_V0_10,
          [
            ['label', 'City'],
            ['value', ''],
            ['placeholder', 'e.g. Paris'],
          ],
        ],
        [
          'v0.9',
          BASIC_CATALOG_ID,
          [
            ['label', 'City'],
            ['value', ''],
          ],
        ],
      ] as const) {
        const bridge = new A2uiBridge({ send: () => undefined, version: v });
        bridge.receive({ version, createSurface: { surfaceId: 's', catalogId } });
        bridge.receive({ version, updateComponents: { surfaceId: 's', components: field } });
        bridge.receive({ version, updateDataModel: { surfaceId: 's', path: '/hint', value: 'e.g. Paris' } });
        const root = bridge.translate('s').root as { type: string; group: Array<[string, { text: string }]> };
        expect([version, root.group.map(([id, p]) => [id, p.text])]).toEqual([version, expected]);
        const p = await suipPipeline();
        p.generator.render(root as never);
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(p.violations).toEqual([]);
        expect(JSON.stringify(p.root()).includes('e.g. Paris')).toBe(version === v);
      }
    },
  );

  it(
    "Video.posterUrl becomes the video's poster on a v0.10 surface " +
      '(through the real renderer validator) and is ignored on v0.9',
    async () => {
      const { suipPipeline } = await import('./testing/pipeline.ts');
      const clip = [
        {
          id: 'root',
          component: 'Video',
          url: 'https://media.example/clip.mp4',
          posterUrl: 'https://media.example/still.jpg',
        },
      ];
      for (const [version, catalogId, roles] of [
        [v, BASIC_CATALOG_ID_V0_10, ['src', 'title', 'poster']],
        ['v0.9', BASIC_CATALOG_ID, ['src', 'title']],
      ] as const) {
        const bridge = new A2uiBridge({ send: () => undefined, version: v });
        bridge.receive({ version, createSurface: { surfaceId: 's', catalogId } });
        bridge.receive({ version, updateComponents: { surfaceId: 's', components: clip } });
        const root = bridge.translate('s').root as {
          type: string;
          group: Array<[string, { data?: string; mimeType?: string }]>;
        };
        expect([version, root.type, root.group.map(([id]) => id)]).toEqual([version, 'video', roles]);
        if (version === v)
          expect(root.group[2]![1]).toEqual({ data: 'https://media.example/still.jpg', mimeType: 'image/jpeg' });
        const p = await suipPipeline();
        p.generator.render(root as never);
        await new Promise((resolve) => setTimeout(resolve, 0));
        expect(p.violations).toEqual([]);
      }
    },
  );

  it("createSurface takes theme (v0.10 kept v0.9's name) and still reads the draft's surfaceProperties", () => {
    const bridge = new A2uiBridge({ send: () => undefined, version: v });
    expect(
      bridge.receive({
        version: v,
        createSurface: { surfaceId: 's', catalogId: BASIC_CATALOG_ID_V0_10, theme: { primaryColor: '#00BFFF' } },
      }),
    ).toEqual([]);
    expect(
      bridge.receive({
        version: v,
        createSurface: {
          surfaceId: 't',
          catalogId: BASIC_CATALOG_ID_V0_10,
          surfaceProperties: { agentDisplayName: 'Bot' },
        },
      }),
    ).toEqual([]);
  });
});
