import weatherCard from '../../../examples/weather-card.js?raw';

/**
 * The Oslo recording's own lines: its comment and its data. The rest of the program is the
 * weather-card example's, so a fix to the example's layout reaches the recording too.
 */
const OSLO_HEAD = `// Weather card for Oslo: current conditions, a 3-day forecast and a °C / °F switch.
const { text, group, render } = suip;

const city = 'Oslo';
const now = { tempC: 4, feels: 1, humidity: 81, wind: 19, sky: 'Cloudy with a cold wind from the fjord' };
const forecast = [
  { day: 'Tue', sky: 'Cloudy', highC: 5, lowC: 0 },
  { day: 'Wed', sky: 'Showers', highC: 3, lowC: -1 },
  { day: 'Thu', sky: 'Sunny', highC: 2, lowC: -4 },
];
`;

/** The example's first line after its data: where the shared body begins. */
const BODY_START = "let unit = 'C';";

/**
 * A program with its head (everything before `bodyStart`) replaced by `head`. Throws when the
 * program has no `bodyStart`, so an edit to the example that moves it fails the demo's tests
 * instead of shipping a recording with two heads.
 */
export function withProgramHead(program: string, head: string, bodyStart: string): string {
  const at = program.indexOf(bodyStart);
  if (at < 0) throw new Error(`the program has no line "${bodyStart}" to start its body at: keep it in the example`);
  return head + program.slice(at);
}

/** The demo model's Oslo weather card: the weather-card example with Oslo's conditions. */
export const weatherOslo = withProgramHead(weatherCard, OSLO_HEAD, BODY_START);
