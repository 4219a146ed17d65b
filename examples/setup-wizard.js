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
      ['name', group('text-field', [['label', text('Name')], ['value', text(data.name)]])],
      ['email', group('text-field', [['label', text('Email')], ['kind', text('email')], ['value', text(data.email)]])],
    ];
  }
  if (step === 1) {
    return [
      ['plan', group('choice', [['label', text('Choose a plan')], ['value', text(data.plan)], ...Object.entries(plans).map(([id, label]) => [id, text(label)])])],
      ['newsletter', group('checkbox', [['label', text('Send me product news')], ['checked', text(data.newsletter)]])],
    ];
  }
  return [['summary', group('key-value', [
    ['name', group('pair', [['key', text('Name')], ['value', text(data.name)]])],
    ['email', group('pair', [['key', text('Email')], ['value', text(data.email)]])],
    ['plan', group('pair', [['key', text('Plan')], ['value', text(plans[data.plan])]])],
    ['news', group('pair', [['key', text('Newsletter')], ['value', text(data.newsletter === 'true' ? 'yes' : 'no')]])],
  ])]];
}

function view() {
  if (finished) {
    return group('card', [['title', text('All set')], ['done', group('alert', [['tone', text('success')], ['message', text(`Welcome aboard, **${data.name}**. Your ${data.plan} plan is ready.`)]])]]);
  }
  return group('card', [
    ['title', text(`Step ${step + 1} of ${steps.length}: ${steps[step]}`)],
    ['progress', group('progress', [['label', text('Setup progress')], ['value', text(String(step + 1))], ['max', text(String(steps.length))]])],
    ...(error ? [['error', group('alert', [['tone', text('error')], ['message', text(error)]])]] : []),
    [`step-${step}`, group('form', [
      ...stepFields(),
      ['submit', text(step === steps.length - 1 ? 'Finish' : 'Next')],
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
    ...(step > 0 ? [['back', group('button', [['label', text('Back')], ['tone', text('secondary')]], { on: { click: () => { step -= 1; error = ''; render(view()); } } })]] : []),
  ]);
}

render(view());
