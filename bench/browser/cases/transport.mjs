/** Cases 1 and 6: transport floor and event round trip (page `bench/pages/transport.html`). */
const PAGE = '/bench/pages/transport.html';

/** Case 1: one-op ping-pong through the real sandbox vs raw MessageChannel echoes of the same shape. */
export const transportFloor = {
  name: 'browser-transport-floor',
  description:
    'issue 6 case 1: host ⇄ generator ping-pong of one op through the real sandbox vs raw MessageChannel echoes ' +
    '(sandboxed iframe; iframe + Worker relay), round-trip ms',
  variants: ['all'],
  async run(session, _variant, { quick }) {
    const r = await session.run(PAGE, 'transport', { pings: quick ? 20 : 50 });
    if (!r.correct)
      throw Object.assign(new Error('the suip ping-pong did not end with the expected count on screen'), {
        wrong: true,
      });
    const raw = 1 / 1.15;
    return [
      { key: 'rtt/raw-iframe', label: 'raw echo in a sandboxed iframe, RTT p50', value: r.rawIframe.p50, unit: 'ms' },
      {
        key: 'rtt/raw-worker',
        label: "raw echo, iframe relay + Worker (suip's shape), RTT p50",
        value: r.rawWorker.p50,
        unit: 'ms',
      },
      {
        key: 'rtt/suip',
        label: 'suip: click → suip/event → handler → render → 1 op back, RTT p50',
        value: r.suip.p50,
        unit: 'ms',
        anchor: ['rtt/raw-worker', 'rtt/raw-iframe'],
        target: { minRatio: raw, text: 'issue 6: ≤ 1.15x raw (raw ÷ suip ≥ 0.87)' },
      },
      {
        key: 'rtt/suip-host-out',
        label: 'suip part: click → suip/event posted (host: view event, route, JSON-RPC), p50 of single trips',
        value: r.suipParts.clickToPost,
        unit: 'ms',
      },
      {
        key: 'rtt/suip-away',
        label:
          'suip part: suip/event posted → op back at the host (relay, Worker, handler, render, diff, relay), p50 ' +
          'of single trips',
        value: r.suipParts.postToOpBack,
        unit: 'ms',
        anchor: 'rtt/raw-worker',
      },
      { key: 'rtt/raw-worker-p95', label: 'raw iframe + Worker, RTT p95', value: r.rawWorker.p95, unit: 'ms' },
      { key: 'rtt/suip-p95', label: 'suip RTT p95', value: r.suip.p95, unit: 'ms', anchor: 'rtt/raw-worker-p95' },
      {
        key: 'post/raw-worker',
        label: 'wall time of one port.postMessage to the sandbox after idle (load-dependent; 0.04 ms in a tight loop)',
        value: r.rawWorker.postMs,
        unit: 'ms',
      },
      {
        key: 'clock/offset',
        label: 'clock offset host ↔ Worker (timeOrigin + now)',
        value: Math.abs(r.rawWorker.clockOffsetMs),
        unit: 'ms',
      },
    ];
  },
};

/** Case 6: click → generator handler → ops → paint vs an in-page handler plus the raw floor. */
export const eventRoundTrip = {
  name: 'browser-event-round-trip',
  description:
    'issue 6 case 6: click → generator handler → ops → DOM → paint, p95, vs an in-page handler + the raw transport ' +
    'floor (clicks at random phases of the frame, 60 per round)',
  variants: ['all'],
  async run(session, _variant, { quick }) {
    const r = await session.run(PAGE, 'eventRoundTrip', { clicks: quick ? 30 : 60 });
    if (!r.correct) throw Object.assign(new Error(r.problem ?? 'a click did not reach the screen'), { wrong: true });
    const overhead = r.suip.paint.p95 - (r.raw.p95 + r.inPage.paint.p95);
    return [
      {
        key: 'click/in-page-paint',
        label: 'in-page handler, click → paint p95',
        value: r.inPage.paint.p95,
        unit: 'ms',
        note: `p50 ${r.inPage.paint.p50.toFixed(1)} ms`,
      },
      { key: 'click/raw', label: 'raw transport floor (iframe + Worker) RTT p95', value: r.raw.p95, unit: 'ms' },
      {
        key: 'click/suip-paint',
        label: 'suip, click → paint p95',
        value: r.suip.paint.p95,
        unit: 'ms',
        anchor: 'click/in-page-paint',
        note: `p50 ${r.suip.paint.p50.toFixed(1)} ms`,
      },
      {
        key: 'click/overhead',
        label: 'overhead: suip click → paint p95 − (raw RTT p95 + in-page click → paint p95)',
        value: overhead,
        unit: 'ms',
        target: { max: 2, text: 'issue 6: overhead ≤ 2 ms p95' },
      },
      {
        key: 'click/in-page-dom',
        label: 'in-page handler, click → DOM updated p95',
        value: r.inPage.dom.p95,
        unit: 'ms',
      },
      {
        key: 'click/suip-dom',
        label:
          'suip, click → DOM updated p95 (includes the renderer waiting for the next frame when it defers the view ' +
          'update to requestAnimationFrame)',
        value: r.suip.dom.p95,
        unit: 'ms',
        note: `p50 ${r.suip.dom.p50.toFixed(2)} ms`,
      },
    ];
  },
};

/** Case 2: 1,000 ops as messages of 1 / 10 / 100 / 1,000 ops; click → all applied and painted. */
export const batching = {
  name: 'browser-batching',
  description:
    'issue 6 case 2: 1,000 appends sent as 1,000 / 100 / 10 / 1 messages through the real sandbox, click → all ' +
    'applied and painted (ms)',
  variants: ['1', '10', '100', '1000'],
  async run(session, variant) {
    const per = Number(variant);
    const r = await session.run(PAGE, 'batching', { total: 1000, per });
    if (!r.correct)
      throw Object.assign(new Error(`${per} ops per message: the list on screen is not the 1,000 items`), {
        wrong: true,
      });
    const key = `batch/${per}`;
    const label = `${1000 / per} messages of ${per} op${per > 1 ? 's' : ''}: click → painted`;
    const row = { key, label, value: r.paintedMs, unit: 'ms' };
    const arrived = {
      key: `${key}/arrived`,
      label: `${1000 / per} messages of ${per}: click → last message received by the host`,
      value: r.arrivedMs,
      unit: 'ms',
    };
    if (per > 1) {
      row.anchor = 'batch/1';
      arrived.anchor = 'batch/1/arrived';
    }
    if (per === 1000)
      row.target = {
        minRatio: 20,
        text: 'issue 6: batched ≥ 20x faster than one op per message (end to end, painted)',
      };
    return [row, arrived];
  },
};
