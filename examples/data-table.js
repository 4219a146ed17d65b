// Data table with sort and filter: search by name, narrow to a country, sort by any column; the
// headline numbers and the chart follow the filter, and an empty result offers a way back.
const { group, render } = suip;

const json = (value) => ({ text: JSON.stringify(value), mimeType: 'application/json' });
const cities = [
  { city: 'Lisbon', country: 'Portugal', population: 545000, founded: -1200 },
  { city: 'Porto', country: 'Portugal', population: 232000, founded: 417 },
  { city: 'Berlin', country: 'Germany', population: 3645000, founded: 1237 },
  { city: 'Hamburg', country: 'Germany', population: 1841000, founded: 808 },
  { city: 'Munich', country: 'Germany', population: 1488000, founded: 1158 },
  { city: 'Bergen', country: 'Norway', population: 286000, founded: 1070 },
  { city: 'Oslo', country: 'Norway', population: 709000, founded: 1040 },
  { city: 'Madrid', country: 'Spain', population: 3223000, founded: 865 },
  { city: 'Seville', country: 'Spain', population: 684000, founded: -800 },
  { city: 'Valencia', country: 'Spain', population: 792000, founded: -138 },
];
const columns = { city: 'City', country: 'Country', population: 'Population', founded: 'Founded' };
const countries = [...new Set(cities.map((c) => c.country))].sort();
let query = '';
let country = 'all';
let sortBy = 'population';
let descending = true;
let searchKey = 0; // a new key gives a fresh, empty search field (Clear filters)

const year = (y) => (y < 0 ? `${-y} BC` : String(y));
const millions = (n) => `${(n / 1e6).toFixed(1)} M`;

function rows() {
  const q = query.trim().toLowerCase();
  const shown = cities.filter((c) => (country === 'all' || c.country === country) && (!q || c.city.toLowerCase().includes(q) || c.country.toLowerCase().includes(q)));
  shown.sort((a, b) => {
    const x = a[sortBy];
    const y = b[sortBy];
    const order = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
  return shown;
}

function clear() {
  query = '';
  country = 'all';
  searchKey += 1;
  render(view());
}

function results(shown) {
  if (shown.length === 0) {
    return group('empty-state', [
      ['icon', 'search'], ['title', 'No cities match'], ['description', `Nothing matches “${query.trim()}”${country === 'all' ? '' : ` in ${country}`}.`],
      ['clear', group('button', [['label', 'Clear filters'], ['tone', 'secondary']], { on: { click: clear } })],
    ]);
  }
  const total = shown.reduce((sum, c) => sum + c.population, 0);
  const oldest = shown.reduce((a, b) => (b.founded < a.founded ? b : a));
  return group('column', [
    ['stats', group('stats', [
      ['count', group('stat', [['label', 'Cities shown'], ['value', `${shown.length} of ${cities.length}`]])],
      ['people', group('stat', [['label', 'Total population'], ['value', millions(total)]])],
      ['oldest', group('stat', [['label', 'Oldest'], ['value', `${oldest.city}, ${year(oldest.founded)}`]])],
    ])],
    ['table', group('table', [
      ['caption', `Sorted by ${columns[sortBy].toLowerCase()}, ${descending ? 'high to low' : 'low to high'}`],
      ['data', json({
        headers: Object.values(columns),
        rows: shown.map((c) => [c.city, c.country, c.population.toLocaleString('en'), year(c.founded)]),
      })],
    ])],
    ['chart', group('chart-bar', [
      ['title', 'Population (millions)'],
      ['data', json({ labels: shown.map((c) => c.city), datasets: [{ label: 'Population (millions)', data: shown.map((c) => Math.round(c.population / 1e5) / 10) }] })],
    ])],
  ]);
}

function view() {
  const shown = rows();
  return group('card', [
    ['title', 'European cities'],
    ['controls', group('row', [
      [`search-${searchKey}`, group('text-field', [['label', 'Filter'], ['placeholder', 'City or country'], ['kind', 'search']], {
        on: { input: { data: 'value', handler: (e) => { query = e.value ?? ''; render(view()); } } },
      })],
      ['country', group('choice', [['label', 'Country'], ['variant', 'menu'], ['value', country], ['all', 'All countries'], ...countries.map((c) => [c, c])], {
        on: { change: { data: 'value', handler: (e) => { country = e.value || 'all'; render(view()); } } },
      })],
      ['sort', group('choice', [['label', 'Sort by'], ['variant', 'menu'], ['value', sortBy], ...Object.entries(columns)], {
        on: { change: { data: 'value', handler: (e) => { sortBy = e.value in columns ? e.value : 'city'; render(view()); } } },
      })],
      ['order', group('choice', [['label', 'Order'], ['variant', 'menu'], ['value', descending ? 'desc' : 'asc'], ['asc', 'Low to high'], ['desc', 'High to low']], {
        on: { change: { data: 'value', handler: (e) => { descending = e.value === 'desc'; render(view()); } } },
      })],
    ])],
    ['results', results(shown)],
  ]);
}

render(view());
