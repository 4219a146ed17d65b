// Settings page: toggles and sliders that apply at once, with a live summary of the choices.
const { text, group, render } = suip;

const settings = { notifications: true, darkMode: false, autoplay: false, volume: 60, fontSize: 16, language: 'en' };
const languages = { en: 'English', pt: 'Português', de: 'Deutsch' };

const onOff = (value) => (value ? 'on' : 'off');

function toggle(key, label, hint) {
  return [key, group('toggle', [['label', text(label)], ['hint', text(hint)], ['checked', text(String(settings[key]))]], {
    on: { change: { handler: (e) => { settings[key] = e.checked === true; render(view()); }, data: 'checked' } },
  })];
}

function slider(key, label, min, max, step) {
  return [key, group('slider', [['label', text(label)], ['value', text(String(settings[key]))], ['min', text(String(min))], ['max', text(String(max))], ['step', text(String(step))]], {
    on: { change: { handler: (e) => { settings[key] = Number(e.value); render(view()); }, data: 'value' } },
  })];
}

function view() {
  return group('column', [
    ['header', group('hero', [['title', text('Settings')], ['subtitle', text('Changes apply immediately.')]])],
    ['general', group('section', [
      ['title', text('General')],
      toggle('notifications', 'Notifications', 'Get a message when something needs you.'),
      toggle('darkMode', 'Dark mode', 'Use a dark colour scheme.'),
      toggle('autoplay', 'Autoplay videos', 'Start videos without a click.'),
      ['language', group('choice', [['label', text('Language')], ['value', text(settings.language)], ...Object.entries(languages).map(([id, name]) => [id, text(name)])], {
        on: { change: { handler: (e) => { settings.language = e.value || 'en'; render(view()); }, data: 'value' } },
      })],
    ])],
    ['sound', group('section', [
      ['title', text('Sound and text')],
      slider('volume', 'Volume', 0, 100, 5),
      slider('fontSize', 'Font size', 12, 24, 1),
    ])],
    ['summary', group('key-value', [
      ['notifications', group('pair', [['key', text('Notifications')], ['value', text(onOff(settings.notifications))]])],
      ['darkMode', group('pair', [['key', text('Dark mode')], ['value', text(onOff(settings.darkMode))]])],
      ['autoplay', group('pair', [['key', text('Autoplay')], ['value', text(onOff(settings.autoplay))]])],
      ['volume', group('pair', [['key', text('Volume')], ['value', text(`${settings.volume} %`)]])],
      ['fontSize', group('pair', [['key', text('Font size')], ['value', text(`${settings.fontSize} px`)]])],
      ['language', group('pair', [['key', text('Language')], ['value', text(languages[settings.language])]])],
    ])],
  ]);
}

render(view());
