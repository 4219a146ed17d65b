import { describe, expect, it } from 'vitest';
import { fromCanvasIssue, fromGenuiIssue, fromLineProblem } from './issue.ts';

describe("AdapterIssue: every adapter's problems in one shape", () => {
  it('a canvas op refusal, a widget failure and a canvas-wide refusal get distinct codes and keep their subject', () => {
    expect(fromCanvasIssue({ op: 'upsert', id: 'w1', message: 'upsert w1: bad' })).toEqual({
      adapter: 'canvas',
      code: 'op_refused',
      message: 'upsert w1: bad',
      op: 'upsert',
      id: 'w1',
      subject: 'w1',
      path: '/upsert',
    });
    expect(fromCanvasIssue({ id: 'w2', message: 'widget w2 stopped' })).toEqual({
      adapter: 'canvas',
      code: 'widget_failed',
      message: 'widget w2 stopped',
      id: 'w2',
      subject: 'w2',
    });
    expect(fromCanvasIssue({ id: 'w3', message: 'widget w3 stopped', widget: 'stopped' })).toMatchObject({
      adapter: 'canvas',
      code: 'widget_stopped',
      widget: 'stopped',
      subject: 'w3',
    });
    expect(fromCanvasIssue({ message: 'the renderer refused the canvas' })).toEqual({
      adapter: 'canvas',
      code: 'canvas_refused',
      message: 'the renderer refused the canvas',
    });
  });

  it('a GenUI translation issue keeps its surface and widget; a line issue has neither', () => {
    expect(fromGenuiIssue({ code: 'bad_widget', widgetId: 'w', surfaceId: 's', message: 'm' })).toEqual({
      adapter: 'genui-v1',
      code: 'bad_widget',
      message: 'm',
      surfaceId: 's',
      widgetId: 'w',
      subject: 'w',
    });
    expect(fromGenuiIssue({ code: 'bad_line', message: 'not JSON' })).toEqual({
      adapter: 'genui-v1',
      code: 'bad_line',
      message: 'not JSON',
    });
  });

  it("a runtime ⇄ UI line problem drops the peer's bytes (the preview) and keeps the kind as the code", () => {
    expect(fromLineProblem({ kind: 'not-json', message: 'line 3 is not JSON', preview: 'secret?' })).toEqual({
      adapter: 'runtime-ui',
      code: 'not-json',
      message: 'line 3 is not JSON',
    });
  });
});
