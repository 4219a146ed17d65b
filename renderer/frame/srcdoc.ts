import { START_ELEMENT_ID, type StartCommand } from '../../shared/relay-control.ts';

/**
 * The sandbox document: its CSP and the srcdoc built around the relay. A chunk of its own in the
 * browser (loaded beside the relay's, `loadSrcdoc`), so the core entry does not carry it; the build
 * uses it for the static `suip-sandbox.html` too. Every value here is a security invariant; the
 * e2e specs read them back from the live iframe.
 */

/** The sandbox document's CSP: no network at all; inline scripts (the relay) and blob: Workers only. */
export const SANDBOX_CSP = "default-src 'none'; script-src 'unsafe-inline'; worker-src blob:";

/**
 * The srcdoc: the meta CSP first (before any script can run), then the relay inline. `</script`
 * and `<!--` inside the relay would end or confuse the script element, so they are escaped
 * (both only ever appear inside string literals of the bundle).
 *
 * With `start`, the program's start travels in the document itself, as an inert
 * `application/json` data block ahead of the relay: the relay starts the Worker as it runs,
 * while the host is still waiting for the frame's `load`, instead of one cross-process round
 * trip (`load` → `connect` → `start`) later (issue 31: 10–15 ms of a cold first paint).
 */
export function sandboxSrcdoc(relaySource: string, start?: StartCommand): string {
  const script = relaySource.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  // SECURITY: the model's code is data here, never markup or script: JSON with every `<` written
  // as \u003c cannot end the block (`</script`) or enter the parser's escaped states (`<!--`), and
  // a data block's type is not one the browser runs. The relay reads it with JSON.parse.
  const json = start === undefined ? '' : JSON.stringify(start).replace(/</g, '\\u003c');
  const data = start === undefined ? '' : `<script type="application/json" id="${START_ELEMENT_ID}">${json}</script>`;
  const head = `<meta http-equiv="Content-Security-Policy" content="${SANDBOX_CSP}"><meta charset="utf-8">`;
  return `<!doctype html><html><head>${head}</head><body>${data}<script>${script}</script></body></html>`;
}
