// Quiz with scoring: one question at a time, feedback after each answer, a final score.
const { text, group, render } = suip;

const questions = [
  { q: 'Which planet is closest to the Sun?', options: { venus: 'Venus', mercury: 'Mercury', mars: 'Mars' }, answer: 'mercury' },
  { q: 'How many bytes are in a kibibyte?', options: { b1000: '1000', b1024: '1024', b512: '512' }, answer: 'b1024' },
  { q: 'Which language runs natively in every web browser?', options: { py: 'Python', js: 'JavaScript', rb: 'Ruby' }, answer: 'js' },
];
let index = 0;
let score = 0;
let feedback = null;

function view() {
  if (index >= questions.length) {
    return group('card', [
      ['title', text('Quiz complete', 'text/plain')],
      ['score', group('stat', [['label', text('Your score', 'text/plain')], ['value', text(`${score} / ${questions.length}`, 'text/plain')]])],
      ['again', group('button', [['label', text('Play again', 'text/plain')]], { on: { click: () => { index = 0; score = 0; feedback = null; render(view()); } } })],
    ]);
  }
  const question = questions[index];
  const children = [
    ['title', text(`Question ${index + 1} of ${questions.length}`, 'text/plain')],
    ['progress', group('progress', [['label', text('Progress', 'text/plain')], ['value', text(String(index), 'text/plain')], ['max', text(String(questions.length), 'text/plain')]])],
    ['score', text(`Score: **${score}**`)],
  ];
  if (feedback) {
    children.push(['feedback', group('alert', [['tone', text(feedback.ok ? 'success' : 'error', 'text/plain')], ['title', text(feedback.ok ? 'Correct!' : 'Not quite', 'text/plain')], ['message', text(feedback.ok ? 'Well done.' : `The answer was ${feedback.right}.`)]])]);
    children.push(['next', group('button', [['label', text(index + 1 < questions.length ? 'Next question' : 'See my score', 'text/plain')]], {
      on: { click: () => { index += 1; feedback = null; render(view()); } },
    })]);
  } else {
    children.push([`q${index}`, group('form', [
      ['answer', group('choice', [['label', text(question.q, 'text/plain')], ...Object.entries(question.options).map(([id, label]) => [id, text(label)])])],
      ['submit', text('Answer', 'text/plain')],
    ], {
      on: {
        submit: {
          preventDefault: true,
          data: 'formData',
          handler: (e) => {
            const picked = e.formData?.answer;
            if (!picked) return;
            const ok = picked === question.answer;
            if (ok) score += 1;
            feedback = { ok, right: question.options[question.answer] };
            render(view());
          },
        },
      },
    })]);
  }
  return group('card', children);
}

render(view());
