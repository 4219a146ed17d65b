// Data table with sort and filter: type to filter cities, pick a column to sort by.
const { text, group, render } = suip;

const cities = [
  { city: 'Lisbon', country: 'Portugal', population: 545000, founded: -1200 },
  { city: 'Berlin', country: 'Germany', population: 3645000, founded: 1237 },
  { city: 'Bergen', country: 'Norway', population: 286000, founded: 1070 },
  { city: 'Madrid', country: 'Spain', population: 3223000, founded: 865 },
  { city: 'Oslo', country: 'Norway', population: 709000, founded: 1040 },
  { city: 'Porto', country: 'Portugal', population: 232000, founded: 417 },
];
let query = '';
let sortBy = 'city';
let descending = false;

function rows() {
  const q = query.trim().toLowerCase();
  const shown = cities.filter((c) => !q || c.city.toLowerCase().includes(q) || c.country.toLowerCase().includes(q));
  shown.sort((a, b) => {
    const x = a[sortBy];
    const y = b[sortBy];
    const order = typeof x === 'number' ? x - y : String(x).localeCompare(String(y));
    return descending ? -order : order;
  });
  return shown;
}

function view() {
  const shown = rows();
  return group('card', [
    ['title', text('European cities', 'text/plain')],
    ['controls', group('row', [
      ['filter', group('text-field', [['label', text('Filter', 'text/plain')], ['placeholder', text('City or country', 'text/plain')], ['kind', text('search', 'text/plain')]], {
        on: { input: { handler: (e) => { query = e.value ?? ''; render(view()); }, data: 'value' } },
      })],
      ['sort', group('choice', [
        ['label', text('Sort by', 'text/plain')],
        ['value', text(sortBy, 'text/plain')],
        ['city', text('City')],
        ['country', text('Country')],
        ['population', text('Population')],
        ['founded', text('Founded')],
      ], { on: { change: { handler: (e) => { sortBy = e.value || 'city'; render(view()); }, data: 'value' } } })],
      ['order', group('button', [['label', text(descending ? 'Descending' : 'Ascending', 'text/plain')], ['tone', text('secondary', 'text/plain')]], {
        on: { click: () => { descending = !descending; render(view()); } },
      })],
    ])],
    ['count', text(`${shown.length} of ${cities.length} cities`, 'text/plain')],
    ['table', group('table', [
      ['caption', text(`Sorted by ${sortBy}, ${descending ? 'descending' : 'ascending'}`, 'text/plain')],
      ['data', text(JSON.stringify({
        headers: ['City', 'Country', 'Population', 'Founded'],
        rows: shown.map((c) => [c.city, c.country, c.population.toLocaleString('en'), c.founded < 0 ? `${-c.founded} BC` : String(c.founded)]),
      }), 'application/json')],
    ])],
  ]);
}

render(view());
