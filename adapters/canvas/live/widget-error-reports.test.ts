import { describe, expect, it } from 'vitest';
import { MAX_WIDGET_ERRORS, WidgetErrorReports } from './widget-error-reports.ts';

describe('WidgetErrorReports', () => {
  it('holds reports until a live client exists, then sends each failure once, and ignores non-widget problems', () => {
    const reports = new WidgetErrorReports();
    const sent: unknown[] = [];
    reports.report({ id: 'a', message: 'refused', widget: 'define-refused' });
    reports.report({ message: 'a broken line' });
    reports.report({ id: 'b', op: 'upsert', message: 'no widget field' });
    expect(sent).toEqual([]);
    reports.sendWith({ sendAction: (name, value) => sent.push([name, value]) });
    reports.report({ id: 'a', message: 'refused', widget: 'define-refused' });
    reports.report({ id: 'a', message: 'x'.repeat(600), widget: 'error' });
    expect(sent).toEqual([
      ['widget-error', { type: 'widget-error', id: 'a', reason: 'define-refused', message: 'refused' }],
      ['widget-error', { type: 'widget-error', id: 'a', reason: 'error', message: 'x'.repeat(500) }],
    ]);
  });

  it(`reports at most ${MAX_WIDGET_ERRORS} failures a connection`, () => {
    const reports = new WidgetErrorReports();
    let sent = 0;
    reports.sendWith({ sendAction: () => (sent += 1) });
    for (let i = 0; i < MAX_WIDGET_ERRORS + 20; i += 1) reports.report({ id: 'w', message: `e${i}`, widget: 'error' });
    expect(sent).toBe(MAX_WIDGET_ERRORS);
  });
});
