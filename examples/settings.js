// Settings page: toggles and sliders that apply at once, with a live summary of the choices.
const { text, group, render } = suip;

const settings = { notifications: true, darkMode: false, autoplay: false, volume: 60, fontSize: 16, language: 'en' };
const languages = { en: 'English', pt: 'Português', de: 'Deutsch' };

const onOff = (value) => (value ? 'on' : 'off');

function toggle(key, label, hint) {
  return [key, group('toggle', [['label', text(label, 'text/plain')], ['hint', text(hint, 'text/plain')], ['checked', text(String(settings[key]), 'text/plain')]], {
    on: { change: { handler: (e) => { settings[key] = e.checked === true; render(view()); }, data: 'checked' } },
  })];
}

function slider(key, label, min, max, step) {
  return [key, group('slider', [['label', text(label, 'text/plain')], ['value', text(String(settings[key]), 'text/plain')], ['min', text(String(min), 'text/plain')], ['max', text(String(max), 'text/plain')], ['step', text(String(step), 'text/plain')]], {
    on: { change: { handler: (e) => { settings[key] = Number(e.value); render(view()); }, data: 'value' } },
  })];
}

function view() {
  return group('column', [
    ['header', group('hero', [['title', text('Settings', 'text/plain')], ['subtitle', text('Changes apply immediately.', 'text/plain')]])],
    ['general', group('section', [
      ['title', text('General', 'text/plain')],
      toggle('notifications', 'Notifications', 'Get a message when something needs you.'),
      toggle('darkMode', 'Dark mode', 'Use a dark colour scheme.'),
      toggle('autoplay', 'Autoplay videos', 'Start videos without a click.'),
      ['language', group('choice', [['label', text('Language', 'text/plain')], ['value', text(settings.language, 'text/plain')], ...Object.entries(languages).map(([id, name]) => [id, text(name)])], {
        on: { change: { handler: (e) => { settings.language = e.value || 'en'; render(view()); }, data: 'value' } },
      })],
    ])],
    ['sound', group('section', [
      ['title', text('Sound and text', 'text/plain')],
      slider('volume', 'Volume', 0, 100, 5),
      slider('fontSize', 'Font size', 12, 24, 1),
    ])],
    ['summary', group('key-value', [
      ['notifications', group('pair', [['key', text('Notifications', 'text/plain')], ['value', text(onOff(settings.notifications), 'text/plain')]])],
      ['darkMode', group('pair', [['key', text('Dark mode', 'text/plain')], ['value', text(onOff(settings.darkMode), 'text/plain')]])],
      ['autoplay', group('pair', [['key', text('Autoplay', 'text/plain')], ['value', text(onOff(settings.autoplay), 'text/plain')]])],
      ['volume', group('pair', [['key', text('Volume', 'text/plain')], ['value', text(`${settings.volume} %`, 'text/plain')]])],
      ['fontSize', group('pair', [['key', text('Font size', 'text/plain')], ['value', text(`${settings.fontSize} px`, 'text/plain')]])],
      ['language', group('pair', [['key', text('Language', 'text/plain')], ['value', text(languages[settings.language], 'text/plain')]])],
    ])],
  ]);
}

render(view());
