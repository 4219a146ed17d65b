/**
 * Prints the WebKitGTK stall probe (webkit-stalls.ts) by hand, one line per attack. Needs a Vite server of
 * this tree (`npx vite --port P --host 127.0.0.1`), an X display (Xvfb) and `WebKitWebDriver --port=D`:
 *   SUIP_BASE=http://127.0.0.1:P SUIP_WEBDRIVER=http://127.0.0.1:D node --import tsx e2e/webkit/webkit-stall-probe.ts
 * `SUIP_ATTACKS=flood-raw,spin-port` runs only those.
 */
import { probeWebKitStalls, STALL_ATTACKS, webDriverPid } from './webkit-stalls.ts';

const base = process.env.SUIP_BASE ?? 'http://127.0.0.1:5173';
const driver = process.env.SUIP_WEBDRIVER ?? 'http://127.0.0.1:4444';
const attacks = process.env.SUIP_ATTACKS?.split(',') ?? STALL_ATTACKS;
const found = await probeWebKitStalls(base, driver, webDriverPid(driver), attacks);
const gap = ({ gap, cpu }: { gap: number; cpu: number }) => `gap ${gap} ms, ${cpu} ms CPU in one gap`;
console.log(`WebKitGTK ${found.version}; control (a 300 ms busy loop in the host): ${gap(found.control)}`);
for (const { attack, idle, ended, healthyAfter, ...during } of found.attacks)
  console.log(
    `MEASURE webkit ${attack}: ${gap(during)} (idle just before: ${gap(idle)}); ` +
      `ended ${ended?.status ?? 'never'} ${ended?.reason ?? ''}; healthy generator answered after: ${healthyAfter}`,
  );
