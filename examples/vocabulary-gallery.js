// Vocabulary gallery: every group type this host offers, rendered from its own example, by category.
const { text, group, render } = suip;

const categories = ['layout', 'display', 'media', 'input'];
let category = 'all';

// Examples come as wire particles with handler ids as strings; nothing stands behind those ids
// here, so the gallery keeps them only for show. A modal would cover the page: it is listed, not opened.
function view() {
  const entries = suip.vocabulary.filter((entry) => category === 'all' || entry.category === category);
  return group('column', [
    ['header', group('hero', [
      ['title', text('Vocabulary gallery', 'text/plain')],
      ['subtitle', text(`${suip.vocabulary.length} types this host can show`, 'text/plain')],
    ])],
    ['filter', group('choice', [
      ['label', text('Category', 'text/plain')],
      ['value', text(category, 'text/plain')],
      ['all', text('All', 'text/plain')],
      ...categories.map((c) => [c, text(c[0].toUpperCase() + c.slice(1), 'text/plain')]),
    ], { on: { change: { handler: (e) => { category = e.value || 'all'; render(view()); }, data: 'value' } } })],
    ['count', text(`Showing ${entries.length} types`, 'text/plain')],
    ['types', group('grid', entries.map((entry) => [entry.type, group('section', [
      ['title', text(entry.type, 'text/plain')],
      ['about', text(entry.description, 'text/plain')],
      ['example', entry.type === 'modal' ? text('(opens over the page; not shown here)', 'text/plain') : entry.example],
    ])]))],
  ]);
}

render(view());
