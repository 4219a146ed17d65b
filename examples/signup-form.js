// Sign-up form with validation: errors appear next to the fields; a valid form shows a welcome.
// (No password field: a host refuses credential inputs from programs unless it grants them.)
const { text, group, render } = suip;

let values = { name: '', email: '', username: '', terms: 'false' };
let errors = {};
let done = false;

function validate(v) {
  const e = {};
  if (v.name.trim().length < 2) e.name = 'Enter your name (at least 2 characters).';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.email)) e.email = 'Enter an email address like ada@example.org.';
  if (v.username.length < 3) e.username = 'Use at least 3 characters.';
  else if (!/^[a-z0-9_]+$/i.test(v.username)) e.username = 'Use letters, digits and _ only.';
  if (v.terms !== 'true') e.terms = 'Please accept the terms to continue.';
  return e;
}

function field(id, type, label, extra = []) {
  const children = [['label', text(label, 'text/plain')], ['value', text(values[id] ?? '', 'text/plain')], ...extra];
  if (errors[id]) children.push(['error', text(errors[id], 'text/plain')]);
  return [id, group(type, children)];
}

function view() {
  if (done) {
    return group('card', [
      ['title', text('Account created', 'text/plain')],
      ['welcome', group('alert', [['tone', text('success', 'text/plain')], ['title', text(`Welcome, ${values.name}!`, 'text/plain')], ['message', text(`We sent a confirmation to **${values.email}**.`)]])],
    ]);
  }
  const count = Object.keys(errors).length;
  return group('form', [
    ['title', text('Create your account', 'text/plain')],
    ...(count ? [['summary', group('alert', [['tone', text('error', 'text/plain')], ['message', text(`Please fix ${count} field${count === 1 ? '' : 's'}.`)]])]] : []),
    field('name', 'text-field', 'Full name', [['placeholder', text('Ada Lovelace', 'text/plain')]]),
    field('email', 'text-field', 'Email', [['kind', text('email', 'text/plain')]]),
    field('username', 'text-field', 'Username', [['hint', text('At least 3 characters: letters, digits, _.', 'text/plain')]]),
    ['terms', group('checkbox', [['label', text('I accept the terms', 'text/plain')], ['checked', text(values.terms, 'text/plain')], ...(errors.terms ? [['error', text(errors.terms, 'text/plain')]] : [])])],
    ['submit', text('Sign up', 'text/plain')],
  ], {
    on: {
      submit: {
        preventDefault: true,
        data: 'formData',
        handler: (e) => {
          values = { ...values, ...e.formData };
          errors = validate(values);
          done = Object.keys(errors).length === 0;
          render(view());
        },
      },
    },
  });
}

render(view());
