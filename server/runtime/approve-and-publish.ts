import type { AgentContext, AgentOutcome } from './agent.ts';

/**
 * The run's last step once the model wrote a working program: it is shown as a `suip.render` tool
 * call, the user approves it in a `ui.confirm.request` (showing the code), and it is published as
 * a live session on the suip server; the outcome's `final` text says where to open it.
 */
export async function approveAndPublish(ctx: AgentContext, program: string): Promise<AgentOutcome> {
  const callId = `${ctx.runId}-render`;
  ctx.emit({
    type: 'tool_call',
    tool: 'suip.render',
    display_name: 'Render a suip UI',
    args: { code: program },
    tool_call_id: callId,
  });
  ctx.status('awaiting_ui');
  const approval = await ctx.confirm({
    run_id: ctx.runId,
    title: 'Publish the generated UI?',
    message:
      `The model wrote a suip program (${program.split('\n').length} lines). ` +
      `It runs sandboxed in the browser.\n\n${program.slice(0, 1500)}`,
    confirm_label: 'Publish',
    cancel_label: 'Discard',
  });
  ctx.status('running');
  if (!approval.ok) {
    ctx.emit({
      type: 'tool_result',
      tool: 'suip.render',
      tool_call_id: callId,
      result: `Not published: the user declined${approval.reason ? ` (${approval.reason})` : ''}.`,
    });
    return { final: 'The UI was not published (declined).' };
  }
  if (ctx.publish === undefined) {
    ctx.emit({
      type: 'tool_result',
      tool: 'suip.render',
      tool_call_id: callId,
      result: 'Approved, but no suip server is configured (--server-url); the program is in this run only.',
    });
    return { final: 'The UI was approved; start the runtime with --server-url to publish it.' };
  }
  try {
    const published = await ctx.publish(program, ctx.request);
    const where = `session ${published.sessionId} on ${published.wsUrl} (wsToken ${published.wsToken})`;
    ctx.emit({ type: 'tool_result', tool: 'suip.render', tool_call_id: callId, result: `Published as live ${where}` });
    return { final: `The UI is live: open ${where} with connectLiveProgram.` };
  } catch (error) {
    ctx.emit({
      type: 'tool_result',
      tool: 'suip.render',
      tool_call_id: callId,
      result: error instanceof Error ? error.message : String(error),
      is_error: true,
    });
    return { final: 'The UI could not be published.' };
  }
}
