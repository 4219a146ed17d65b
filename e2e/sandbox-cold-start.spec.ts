import { expect, test } from '@playwright/test';
import { attach, openHost, waitForStatus } from './fixtures/sandbox/host-client.ts';

// Issue 31 item 1/5: a new srcdoc frame carries its program's start (an inert JSON block ahead of
// the relay), so the relay starts the Worker as it runs instead of after the host's `load`,
// `connect` and `start`. The code is hostile data inside the host's HTML: it must reach the Worker
// byte for byte and never become markup.

/** Renders text that would end, comment out or inject into the srcdoc if it were not escaped. */
const TRICKY = `const texts = ['</script><script>parent.postMessage("escaped", "*")</script>', '<!-- <script>', '&amp; &lt;', '\\u2028', "${'x'.repeat(64)}"];
suip.render(suip.group(null, [...texts.slice(0, 2).map((t, i) => ['t' + i, suip.text('seen ' + t)]), ['lengths', suip.text('lengths ' + texts.map((t) => t.length).join(' '))]]));`;

test('a cold start carries the code in the srcdoc: tags, comments and entities in it arrive as text', async ({
  page,
}) => {
  await openHost(page);
  expect(await attach(page, 'tricky', TRICKY)).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('seen </script><script>parent.postMessage("escaped", "*")</script>')).toBeVisible();
  await expect(page.getByText('seen <!-- <script>')).toBeVisible();
  // Entities and a line separator reach the Worker as written (the text view would decode entities).
  await expect(page.getByText('lengths 60 13 10 1 64')).toBeVisible();
  const frame = await page.evaluate(() => {
    const iframe = document.querySelector('iframe')!;
    const parsed = new DOMParser().parseFromString(iframe.getAttribute('srcdoc') ?? '', 'text/html');
    return {
      scripts: [...parsed.querySelectorAll('script')].map((script) => script.getAttribute('type') ?? 'classic'),
      start: JSON.parse(parsed.getElementById('suip-start')?.textContent ?? 'null') as {
        suip: string;
        code: string;
      } | null,
    };
  });
  // SECURITY: exactly two script elements, the data block and the relay: the code added none.
  expect(frame.scripts).toEqual(['application/json', 'classic']);
  expect(frame.start?.suip).toBe('start');
  expect(frame.start?.code).toBe(TRICKY);
});

test('a program that fails before the handshake is still reported from a srcdoc start, and the next attach works', async ({
  page,
}) => {
  await openHost(page);
  expect(await attach(page, 'broken', 'this is not javascript (')).toMatchObject({
    ok: false,
    code: 'start-failed',
    reason: 'startup-failed',
  });
  expect(await attach(page, 'fine', `suip.render(suip.group(null, [['t', suip.text('fine after broken')]]));`)).toEqual(
    { ok: true, status: 'ready' },
  );
  await expect(page.getByText('fine after broken')).toBeVisible();
});

test('a program that escapes its wrapper and floods the data port before the host connects is ended, and says why', async ({
  page,
}) => {
  await openHost(page);
  // Top-level code ahead of the runtime: it takes the boot message's data port and posts at once,
  // while the relay still holds everything for a host that has not connected yet.
  const flood = `};
self.addEventListener('message', (event) => { const data = event.ports[1]; if (data) for (let i = 0; i < 64; i += 1) data.postMessage('{"jsonrpc":"2.0","method":"suip/x"}'); });
self.__unused = async function () {`;
  // The host's main thread is held for a second as soon as the iframe joins the page, so its
  // `load` (and the connect) come long after the sandbox process ran the relay and the Worker.
  const started = await page.evaluate((code) => {
    const observer = new MutationObserver(() => {
      if (document.querySelector('iframe') === null) return;
      observer.disconnect();
      const end = performance.now() + 1000;
      while (performance.now() < end);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    return window.sandboxTest.attach('flood', code);
  }, flood);
  expect(started.ok).toBe(false);
  const status = await waitForStatus(page, 'flood', 'terminated');
  expect(status.reason).toBe('rate');
  expect(status.message).toBe('the generator sent more than 8 messages before the host connected');
  expect(
    await attach(page, 'after', `suip.render(suip.group(null, [['t', suip.text('alive after the flood')]]));`),
  ).toEqual({ ok: true, status: 'ready' });
  await expect(page.getByText('alive after the flood')).toBeVisible();
});
