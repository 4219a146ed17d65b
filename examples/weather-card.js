// Weather card: current conditions, a 3-day forecast and a °C / °F switch.
const { text, group, render } = suip;

const city = 'Lisbon';
const now = { tempC: 22, feels: 21, humidity: 58, wind: 14, sky: 'Sunny with a light breeze' };
const forecast = [
  { day: 'Tue', sky: 'Sunny', highC: 24, lowC: 16 },
  { day: 'Wed', sky: 'Cloudy', highC: 20, lowC: 15 },
  { day: 'Thu', sky: 'Showers', highC: 18, lowC: 13 },
];
let unit = 'C';

const temp = (c) => (unit === 'C' ? `${c} °C` : `${Math.round((c * 9) / 5 + 32)} °F`);

function view() {
  return group('card', [
    ['title', text(`Weather in ${city}`, 'text/plain')],
    ['summary', text(`**${temp(now.tempC)}** · ${now.sky}`)],
    ['stats', group('stats', [
      ['feels', group('stat', [['label', text('Feels like', 'text/plain')], ['value', text(temp(now.feels), 'text/plain')]])],
      ['humidity', group('stat', [['label', text('Humidity', 'text/plain')], ['value', text(`${now.humidity} %`, 'text/plain')]])],
      ['wind', group('stat', [['label', text('Wind', 'text/plain')], ['value', text(`${now.wind} km/h`, 'text/plain')], ['trend', text('down', 'text/plain')]])],
    ])],
    ['forecast', group('list', forecast.map((f) => [
      f.day,
      text(`**${f.day}** — ${f.sky}, ${temp(f.highC)} / ${temp(f.lowC)}`),
    ]))],
    ['units', group('row', [
      ['celsius', group('button', [['label', text('Show °C', 'text/plain')], ['tone', text(unit === 'C' ? 'primary' : 'secondary', 'text/plain')]], {
        on: { click: () => { unit = 'C'; render(view()); } },
      })],
      ['fahrenheit', group('button', [['label', text('Show °F', 'text/plain')], ['tone', text(unit === 'F' ? 'primary' : 'secondary', 'text/plain')]], {
        on: { click: () => { unit = 'F'; render(view()); } },
      })],
    ])],
  ]);
}

render(view());
