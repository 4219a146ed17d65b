/**
 * The HTML of `ui://suip/app.html` around the built page script: one self-contained document (no
 * request of its own, so it runs under the spec's default CSP with no declared domains). The
 * script is a module (it awaits the host's `ui/initialize`); `</script` and `<!--` inside it are
 * escaped so the bundle cannot end or confuse its element.
 */
export function appDocument(script: string): string {
  const safe = script.replace(/<\/script/gi, '<\\/script').replace(/<!--/g, '<\\!--');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>suip</title>
<style>
  html, body { margin: 0; background: var(--suip-color-bg, transparent); }
  #suip-root { display: block; padding: 8px; }
  #suip-status { font: 13px system-ui, sans-serif; margin: 8px; padding: 6px 8px; border-radius: 6px; background: #eef2ff; color: #1e293b; }
  #suip-status[data-kind="error"] { background: #fde8e8; color: #7f1d1d; }
</style>
</head>
<body>
<div id="suip-status" role="status" aria-live="polite">waiting for the host…</div>
<div id="suip-root"></div>
<script type="module">${safe}</script>
</body>
</html>
`;
}
