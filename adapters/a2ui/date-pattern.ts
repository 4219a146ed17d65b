const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** Token → formatter, the subset of Unicode/date-fns patterns A2UI agents write. */
const TOKENS: ReadonlyArray<[string, (d: Date) => string]> = [
  ['yyyy', (d) => pad(d.getFullYear(), 4)],
  ['yy', (d) => pad(d.getFullYear() % 100, 2)],
  ['y', (d) => String(d.getFullYear())],
  ['MMMM', (d) => MONTHS[d.getMonth()]!],
  ['MMM', (d) => MONTHS[d.getMonth()]!.slice(0, 3)],
  ['MM', (d) => pad(d.getMonth() + 1, 2)],
  ['M', (d) => String(d.getMonth() + 1)],
  ['dd', (d) => pad(d.getDate(), 2)],
  ['d', (d) => String(d.getDate())],
  ['EEEE', (d) => DAYS[d.getDay()]!],
  ['EEE', (d) => DAYS[d.getDay()]!.slice(0, 3)],
  ['EE', (d) => DAYS[d.getDay()]!.slice(0, 3)],
  ['E', (d) => DAYS[d.getDay()]!.slice(0, 3)],
  ['HH', (d) => pad(d.getHours(), 2)],
  ['H', (d) => String(d.getHours())],
  ['hh', (d) => pad(d.getHours() % 12 || 12, 2)],
  ['h', (d) => String(d.getHours() % 12 || 12)],
  ['mm', (d) => pad(d.getMinutes(), 2)],
  ['m', (d) => String(d.getMinutes())],
  ['ss', (d) => pad(d.getSeconds(), 2)],
  ['s', (d) => String(d.getSeconds())],
  ['a', (d) => (d.getHours() < 12 ? 'AM' : 'PM')],
];

/**
 * Formats a date with a date-fns style pattern (`'E, MMM d'`, `'h:mm a'`, `'yyyy-MM-dd'`), in
 * local time like date-fns, which `@a2ui/web_core` uses. Text in single quotes is literal (`''`
 * is a quote); letters outside the supported tokens are copied as they are.
 */
export function formatDatePattern(date: Date, pattern: string): string {
  let out = '';
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i]!;
    if (c === "'") {
      if (pattern[i + 1] === "'") {
        out += "'";
        i += 2;
        continue;
      }
      const end = pattern.indexOf("'", i + 1);
      out += pattern.slice(i + 1, end === -1 ? undefined : end);
      i = end === -1 ? pattern.length : end + 1;
      continue;
    }
    const token = TOKENS.find(([t]) => pattern.startsWith(t, i));
    if (token) {
      out += token[1](date);
      i += token[0].length;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}
