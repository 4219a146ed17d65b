/** Where a published UI can be opened. */
export interface Published {
  sessionId: string;
  wsToken: string;
  /** The live channel's WebSocket URL (`connectLiveProgram({url, sessionId, wsToken})` shows it). */
  wsUrl: string;
}

/**
 * Publish a suip program as a live session on a suip server (the agent API of `server/sessions`):
 * create a session, then commit a render whose `componentCode` is the program (runtime
 * `suip/1.0`, program mode). Any browser with the session's `wsToken` can then show it.
 */
export async function publishProgram(
  serverUrl: string,
  agentToken: string,
  code: string,
  title: string,
  signal?: AbortSignal,
): Promise<Published> {
  const base = serverUrl.replace(/\/+$/, '');
  const headers = { authorization: `Bearer ${agentToken}`, 'content-type': 'application/json' };
  const created = await fetch(`${base}/api/sessions`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ appId: 'suip-runtime' }),
    signal,
  });
  if (!created.ok)
    throw new Error(
      `the suip server refused to create a session (HTTP ${created.status}): ${(await created.text()).slice(0, 200)}`,
    );
  const { sessionId, wsToken } = (await created.json()) as { sessionId: string; wsToken: string };
  const render = await fetch(`${base}/api/sessions/${encodeURIComponent(sessionId)}/render`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ session: { runtime: 'suip/1.0', componentCode: code, title: title.slice(0, 200) } }),
    signal,
  });
  if (!render.ok)
    throw new Error(
      `the suip server refused the render (HTTP ${render.status}): ${(await render.text()).slice(0, 200)}`,
    );
  const wsUrl = `${base.replace(/^http/, 'ws')}/ws`;
  return { sessionId, wsToken, wsUrl };
}
