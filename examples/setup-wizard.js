// Multi-step wizard: account, plan, confirmation, with a progress bar and Back / Next.
const { text, group, render } = suip;

const steps = ['Account', 'Plan', 'Confirm'];
const plans = { free: 'Free — 1 project', pro: 'Pro — 10 projects, €9/month', team: 'Team — unlimited, €29/month' };
let step = 0;
let data = { name: '', email: '', plan: 'free', newsletter: 'false' };
let error = '';
let finished = false;

function next(formData) {
  data = { ...data, ...formData };
  if (step === 0 && (!data.name.trim() || !data.email.includes('@'))) {
    error = 'Enter your name and a valid email to continue.';
  } else {
    error = '';
    step += 1;
  }
  render(view());
}

function stepFields() {
  if (step === 0) {
    return [
      ['name', group('text-field', [['label', text('Name', 'text/plain')], ['value', text(data.name, 'text/plain')]])],
      ['email', group('text-field', [['label', text('Email', 'text/plain')], ['kind', text('email', 'text/plain')], ['value', text(data.email, 'text/plain')]])],
    ];
  }
  if (step === 1) {
    return [
      ['plan', group('choice', [['label', text('Choose a plan', 'text/plain')], ['value', text(data.plan, 'text/plain')], ...Object.entries(plans).map(([id, label]) => [id, text(label)])])],
      ['newsletter', group('checkbox', [['label', text('Send me product news', 'text/plain')], ['checked', text(data.newsletter, 'text/plain')]])],
    ];
  }
  return [['summary', group('key-value', [
    ['name', group('pair', [['key', text('Name', 'text/plain')], ['value', text(data.name, 'text/plain')]])],
    ['email', group('pair', [['key', text('Email', 'text/plain')], ['value', text(data.email, 'text/plain')]])],
    ['plan', group('pair', [['key', text('Plan', 'text/plain')], ['value', text(plans[data.plan], 'text/plain')]])],
    ['news', group('pair', [['key', text('Newsletter', 'text/plain')], ['value', text(data.newsletter === 'true' ? 'yes' : 'no', 'text/plain')]])],
  ])]];
}

function view() {
  if (finished) {
    return group('card', [['title', text('All set', 'text/plain')], ['done', group('alert', [['tone', text('success', 'text/plain')], ['message', text(`Welcome aboard, **${data.name}**. Your ${data.plan} plan is ready.`)]])]]);
  }
  return group('card', [
    ['title', text(`Step ${step + 1} of ${steps.length}: ${steps[step]}`, 'text/plain')],
    ['progress', group('progress', [['label', text('Setup progress', 'text/plain')], ['value', text(String(step + 1), 'text/plain')], ['max', text(String(steps.length), 'text/plain')]])],
    ...(error ? [['error', group('alert', [['tone', text('error', 'text/plain')], ['message', text(error)]])]] : []),
    [`step-${step}`, group('form', [
      ...stepFields(),
      ['submit', text(step === steps.length - 1 ? 'Finish' : 'Next', 'text/plain')],
    ], {
      on: {
        submit: {
          preventDefault: true,
          data: 'formData',
          handler: (e) => {
            if (step === steps.length - 1) {
              finished = true;
              render(view());
            } else next(e.formData ?? {});
          },
        },
      },
    })],
    ...(step > 0 ? [['back', group('button', [['label', text('Back', 'text/plain')], ['tone', text('secondary', 'text/plain')]], { on: { click: () => { step -= 1; error = ''; render(view()); } } })]] : []),
  ]);
}

render(view());
