import { defineType, ex, textRole } from '../define.ts';
import { fieldRoles } from './text-field.ts';

/** `date-field`: a native date, time or date-time picker. */
export const dateField = defineType({
  type: 'date-field',
  category: 'input',
  description: 'A date and/or time picker. Values use ISO forms: 2026-11-21, 14:30, 2026-11-21T14:30.',
  roles: [
    ...fieldRoles,
    textRole('kind', 'date (default), time or datetime.', { values: ['date', 'time', 'datetime'] }),
    textRole('value', 'Initial value in ISO form.'),
    textRole('min', 'Earliest value in ISO form.'),
    textRole('max', 'Latest value in ISO form.'),
  ],
  events: ['input', 'change'],
  example: ex.group('date-field', [
    ['label', ex.plain('Arrival')],
    ['kind', ex.plain('date')],
    ['value', ex.plain('2026-11-21')],
  ]),
});
