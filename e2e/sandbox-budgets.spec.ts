import { expect, test } from '@playwright/test';
import { attach, events, openHost, subtree, waitForStatus } from './fixtures/sandbox/host-client.ts';

/**
 * The relay's budgets, proven with a model that grabs the runtime's raw data port (it patches
 * MessagePort.prototype.postMessage and waits for the runtime's next message): everything the
 * runtime would refuse locally then reaches the relay, which must stop it before the host.
 */
const GRAB_PORT = `
  const original = MessagePort.prototype.postMessage;
  const ownPost = self.postMessage;
  let port;
  // Only a port that sends a string is the data port: a heartbeat answer on the comlink control port
  // may be the last post before render() resolves.
  MessagePort.prototype.postMessage = function (...args) {
    if (typeof args[0] === 'string') port = this;
    return original.apply(this, args);
  };
  // Behind the relay's gate (Firefox, WebKit) the runtime has no port: it posts [lane, payload] on
  // the Worker's own channel, so the data lane "d" stands in for the port.
  self.postMessage = function (message, ...rest) {
    if (Array.isArray(message) && message[0] === 'd') port = { postMessage: (m) => ownPost.call(self, ['d', m]) };
    return ownPost.call(self, message, ...rest);
  };
  await suip.render(suip.group(null, [['t', suip.text('grabbed')]]));
  MessagePort.prototype.postMessage = original;
  self.postMessage = ownPost;
`;

const LIMITS = { maxMessageBytes: 4096, maxMessagesPerSecond: 50 };

test('more messages per second than the budget: the relay terminates the Worker with reason "rate"', async ({
  page,
}) => {
  await openHost(page, { limits: LIMITS });
  expect(
    await attach(page, 'bystander', `suip.render(suip.group(null, [['t', suip.text('bystander alive')]]));`),
  ).toEqual({ ok: true, status: 'ready' });
  const code = `await suip.render(suip.group(null, [['n', suip.text('0')]]));
    for (let i = 1; ; i += 1) await suip.ops([{ method: 'suip/ops/replace', params: { path: ['n'], particle: { text: String(i) } } }]);`;
  expect(await attach(page, 'flood', code)).toEqual({ ok: true, status: 'ready' });
  expect((await waitForStatus(page, 'flood', 'terminated')).reason).toBe('rate');
  expect(await subtree(page, 'flood')).toBeUndefined();
  await expect(page.getByText('bystander alive')).toBeVisible();
});

test('a message over maxMessageBytes on the raw port: terminated with reason "bytes", nothing reaches the host', async ({
  page,
}) => {
  await openHost(page, { limits: LIMITS });
  const code = `${GRAB_PORT}
    port.postMessage(JSON.stringify({ jsonrpc: '2.0', method: 'suip/ops/append', params: { path: [], id: 'big', particle: { text: 'x'.repeat(10000) } } }));`;
  expect(await attach(page, 'bomb', code)).toEqual({ ok: true, status: 'ready' });
  expect((await waitForStatus(page, 'bomb', 'terminated')).reason).toBe('bytes');
  const traffic = await page.evaluate(() => window.sandboxTest.traffic);
  expect(traffic.some((t) => t.generatorId === 'bomb' && t.direction === 'in' && t.text.includes('"big"'))).toBe(false);
});

test('a non-string message on the raw port: terminated with reason "type"', async ({ page }) => {
  await openHost(page, { limits: LIMITS });
  const code = `${GRAB_PORT}
    port.postMessage({ jsonrpc: '2.0', method: 'suip/ops/append', params: { path: [], id: 'obj', particle: { text: 'object' } } });`;
  expect(await attach(page, 'typed', code)).toEqual({ ok: true, status: 'ready' });
  expect((await waitForStatus(page, 'typed', 'terminated')).reason).toBe('type');
  const reported = (await events(page)).find((e) => e.type === 'suip-error' && e.detail.generatorId === 'typed');
  expect(JSON.stringify(reported?.detail)).toContain('not a JSON text');
});

test('a flood of uncaught exceptions spends the same budget: terminated with reason "rate"', async ({ page }) => {
  await openHost(page, { limits: LIMITS });
  const code = `await suip.render(suip.group(null, [['t', suip.text('throwing')]]));
    setInterval(() => { throw new Error('again'); }, 0);
    setInterval(() => Promise.reject(new Error('and again')), 0);`;
  expect(await attach(page, 'thrower', code)).toEqual({ ok: true, status: 'ready' });
  expect((await waitForStatus(page, 'thrower', 'terminated')).reason).toBe('rate');
  const statuses = (await events(page)).filter((e) => e.type === 'suip-status' && e.detail.generatorId === 'thrower');
  // The relay forwards a few exceptions per second and counts the rest: the host hears a handful.
  expect(statuses.length).toBeLessThanOrEqual(15);
});
