/**
 * Test-only: one seed-shaped sample per built-in type (the seed's "key fields"), the seed's own
 * examples (weather upsert/patch, the TOON stats block, the kanban define) and hostile variants.
 */
export const SAMPLES: Record<string, Record<string, unknown>> = {
  card: { title: 'Welcome', text: 'A simple prose card.', icon: '👋' },
  stats: {
    title: 'Services',
    items: [
      { label: 'Uptime', value: '14d' },
      { label: 'Requests', value: '1.2M' },
      { label: 'Errors', value: '0.03%' },
    ],
  },
  kv: {
    title: 'Server',
    items: [
      { key: 'OS', value: 'Debian 12' },
      { key: 'CPU', value: '2 cores' },
    ],
  },
  table: {
    title: 'Team',
    headers: ['Name', 'Role'],
    rows: [
      ['Ada', 'Engineer'],
      ['Grace', 'Admiral'],
    ],
  },
  code: { title: 'Add', language: 'python', code: 'def add(a, b):\n    return a + b' },
  tags: {
    label: 'Stack',
    items: [
      { text: 'typescript', color: 'blue' },
      { text: 'lit', color: 'orange' },
    ],
  },
  accordion: {
    title: 'FAQ',
    sections: [
      { title: 'Shipping', content: 'Ships in 2–3 days.' },
      { title: 'Returns', content: '30 days.' },
    ],
  },
  tabs: {
    title: 'Specs',
    tabs: [
      { label: 'Overview', content: 'The overview.' },
      { label: 'Details', content: 'The details.' },
    ],
    active: 0,
  },
  gauge: { label: 'CPU', value: 42, max: 100, unit: '%', color: 'green' },
  progress: { label: 'Upload', value: 30, max: 100, icon: '⬆', color: 'blue' },
  sparkline: { label: 'Latency', values: [12, 15, 11, 18, 14], color: 'red', trend: 'up' },
  'chart-bar': {
    title: 'Visits',
    labels: ['Mon', 'Tue', 'Wed'],
    datasets: [{ label: 'Visits', data: [12, 19, 7], color: 'blue' }],
  },
  'chart-line': {
    title: 'Temperature',
    labels: ['6h', '12h', '18h'],
    datasets: [
      { label: 'Paris', data: [11, 20, 17] },
      { label: 'Oslo', data: [2, 7, 5] },
    ],
  },
  'chart-pie': {
    title: 'Browsers',
    slices: [
      { label: 'Chromium', value: 65, color: 'blue' },
      { label: 'Firefox', value: 20 },
      { label: 'Other', value: 15 },
    ],
  },
  'stacked-bar': {
    title: 'Disk',
    items: [
      { label: 'Used', value: 70, color: 'red' },
      { label: 'Free', value: 30 },
    ],
  },
  rating: { title: 'Hotel', value: 4, max: 5 },
  hero: {
    title: 'Trip planner',
    subtitle: 'Paris · 3 days',
    icon: '✈',
    badge: 'beta',
    gradient: 'linear-gradient(red, blue)',
  },
  alert: { title: 'Storm warning', message: 'Strong winds after 18:00.', severity: 'warning' },
  status: { title: 'API', text: 'Operational', color: 'green' },
  timeline: {
    title: 'Order',
    items: [
      { title: 'Ordered', text: 'Paid', date: 'Mon', icon: '🛒', status: 'done' },
      { title: 'Shipped', date: 'Tue' },
    ],
  },
  checklist: {
    title: 'Tasks',
    items: [
      { text: 'Write tests', checked: true },
      { text: 'Ship', checked: false },
    ],
  },
  streak: { title: 'Streak', days: ['M', 'T', 'W', 'T', 'F'], active: [true, true, false, true, false] },
  buttons: {
    title: 'Actions',
    buttons: [
      { label: 'Approve', action: 'approve', style: 'primary' },
      { label: 'Reject', action: 'reject', style: 'danger' },
    ],
  },
  chips: {
    title: 'Filters',
    chips: [
      { text: 'Open', value: 'open', checked: true },
      { text: 'Closed', value: 'closed', checked: false },
    ],
  },
  toggle: { label: 'Dark mode', checked: true },
  input: { label: 'City', type: 'text', placeholder: 'Paris', value: '' },
  slider: { label: 'Volume', value: 30, min: 0, max: 100 },
  form: {
    title: 'Contact',
    id: 'contact',
    fields: [
      { name: 'name', type: 'text', label: 'Name', value: '' },
      { name: 'email', type: 'email', label: 'Email' },
      { name: 'note', type: 'textarea', label: 'Note' },
      { name: 'news', type: 'checkbox', label: 'Newsletter', value: true },
      { name: 'size', type: 'select', label: 'Size', options: ['S', 'M'], value: 'M' },
      { name: 'day', type: 'date', label: 'Day' },
    ],
    actions: [
      { label: 'Send', action: 'send', style: 'primary' },
      { label: 'Cancel', action: 'cancel', style: 'secondary' },
    ],
  },
  'form-strip': {
    title: 'Subscribe',
    desc: 'Weekly news',
    icon: '✉',
    fields: [{ name: 'email', type: 'email', label: 'Email' }],
    action: 'subscribe',
    label: 'Subscribe',
  },
  image: {
    title: 'Logo',
    src: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='40' height='20'%3E%3Crect width='40' height='20' fill='%230b5cd5'/%3E%3C/svg%3E",
    caption: 'A blue box',
    alt: 'A blue rectangle',
  },
  video: { title: 'Tour', src: 'https://media.example/tour.mp4', caption: 'Product tour' },
  'link-card': { title: 'Docs', desc: 'Guides and API.', url: 'https://example.org/docs', icon: '📘', color: 'blue' },
  weather: { icon: '⛅', city: 'Paris', temp: 18, condition: 'Partly Cloudy' },
};

/** The seed's kanban define, with a template a reader would write for its js (three columns of cards). */
export const KANBAN_DEFINE = {
  op: 'define',
  id: 'kanban-board',
  component: {
    html: [
      '<div class="board" data-layout="row">{{#each columns}}<section class="col" ',
      'data-action="drop" data-column="{{id}}" aria-label="{{title}}"><h3>{{title}} ',
      '({{count}})</h3><ul>{{#each cards}}<li data-action="dragstart" data-card-id="{{id}}">',
      '{{text}}</li>{{/each}}</ul></section>{{/each}}</div>',
    ].join(''),
    css: '.board { display: flex; gap: 1rem; }',
    props: ['columns'],
    defaults: { columns: [] },
    actions: [
      { name: 'dragstart', emits: 'card-drag' },
      { name: 'drop', emits: 'card-drop' },
    ],
    js: [
      "if (action === 'card-drag') return true;\n",
      "if (action === 'card-drop') {\n",
      '  let card;\n',
      '  for (const col of data.columns) {\n',
      '    const i = col.cards.findIndex(x => x.id === payload.dragId);\n',
      '    if (i >= 0) { card = col.cards.splice(i, 1)[0]; col.count = col.cards.length; break; }\n',
      '  }\n',
      '  const target = data.columns.find(c => c.id === payload.column);\n',
      '  if (card && target) { target.cards.push(card); target.count = target.cards.length; render(); }\n',
      '  return true;\n',
      '}\n',
      'return true;',
    ].join(''),
  },
} as const;

/** The kanban's data. */
export const KANBAN_DATA = {
  columns: [
    {
      id: 'todo',
      title: 'To do',
      count: 2,
      cards: [
        { id: 'c1', text: 'Write spec' },
        { id: 'c2', text: 'Review PR' },
      ],
    },
    { id: 'doing', title: 'Doing', count: 1, cards: [{ id: 'c3', text: 'Build canvas' }] },
    { id: 'done', title: 'Done', count: 0, cards: [] },
  ],
};

/** The seed's TOON example and the JSON it stands for. */
export const SEED_TOON =
  'op: upsert\nid: srv\ntype: stats\ndata:\n  title: Services\n' +
  '  items[3]{label,value}:\n    Uptime,14d\n    Requests,1.2M\n    Errors,0.03%';
export const SEED_TOON_JSON = {
  op: 'upsert',
  id: 'srv',
  type: 'stats',
  data: {
    title: 'Services',
    items: [
      { label: 'Uptime', value: '14d' },
      { label: 'Requests', value: '1.2M' },
      { label: 'Errors', value: '0.03%' },
    ],
  },
};
