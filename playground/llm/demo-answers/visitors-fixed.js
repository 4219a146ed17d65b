const { group, render } = suip;
const stats = [
  { id: 'today', label: 'Visitors today', value: '8,730', change: '+12 %' },
  { id: 'week', label: 'This week', value: '51,902', change: '+4 %' },
];
render(
  group('card', [
    ['title', 'Visitors'],
    [
      'numbers',
      group(
        'stats',
        stats.map((s) => [
          s.id,
          group('stat', [
            ['label', s.label],
            ['value', s.value],
            ['trend', 'up'],
            ['change', s.change],
          ]),
        ]),
      ),
    ],
  ]),
);
