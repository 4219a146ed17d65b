// Dashboard: headline stats, three charts and a table of top pages, for a range the user picks.
const { text, group, render } = suip;

const json = (value) => text(JSON.stringify(value), 'application/json');
const ranges = {
  week: { label: 'Last 7 days', visitors: '12.4 k', signups: '318', conversion: '2.6 %', uptime: '99.98 %',
    days: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'], visits: [1520, 1830, 1710, 2040, 1960, 1480, 1860], signupSeries: [41, 52, 38, 61, 49, 33, 44] },
  month: { label: 'Last 30 days', visitors: '51.9 k', signups: '1,402', conversion: '2.7 %', uptime: '99.95 %',
    days: ['W1', 'W2', 'W3', 'W4'], visits: [11800, 12950, 13400, 13750], signupSeries: [310, 342, 361, 389] },
};
let range = 'week';

function view() {
  const r = ranges[range];
  return group('column', [
    ['header', group('hero', [['title', text('Traffic overview')], ['subtitle', text(`${r.label} · updated just now`)]])],
    ['range', group('row', Object.entries(ranges).map(([key, value]) => [key, group('button', [
      ['label', text(value.label)],
      ['tone', text(key === range ? 'primary' : 'secondary')],
    ], { on: { click: () => { range = key; render(view()); } } })]))],
    ['stats', group('stats', [
      ['visitors', group('stat', [['label', text('Visitors')], ['value', text(r.visitors)], ['trend', text('up')]])],
      ['signups', group('stat', [['label', text('Sign-ups')], ['value', text(r.signups)], ['trend', text('up')]])],
      ['conversion', group('stat', [['label', text('Conversion')], ['value', text(r.conversion)], ['trend', text('flat')]])],
      ['uptime', group('stat', [['label', text('Uptime')], ['value', text(r.uptime)], ['trend', text('down')]])],
    ])],
    ['charts', group('grid', [
      ['visits', group('chart-line', [['title', text('Visits')], ['data', json({ labels: r.days, datasets: [{ label: 'Visits', data: r.visits }] })]])],
      ['signups', group('chart-bar', [['title', text('Sign-ups')], ['data', json({ labels: r.days, datasets: [{ label: 'Sign-ups', data: r.signupSeries }] })]])],
      ['sources', group('chart-pie', [['title', text('Traffic sources')], ['data', json({ slices: [{ label: 'Search', value: 46 }, { label: 'Direct', value: 27 }, { label: 'Social', value: 18 }, { label: 'Email', value: 9 }] })]])],
    ])],
    ['pages', group('table', [
      ['caption', text('Top pages')],
      ['data', json({ headers: ['Page', 'Views', 'Avg. time'], rows: [['/pricing', range === 'week' ? 3120 : 13870, '1:42'], ['/docs/start', range === 'week' ? 2480 : 10210, '3:05'], ['/blog/launch', range === 'week' ? 1730 : 5120, '2:18']] })],
    ])],
  ]);
}

render(view());
