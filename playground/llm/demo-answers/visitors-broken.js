const { group, render } = suip;
const stats = [
  { id: 'today', label: 'Visitors today', count: '8,730' },
  { id: 'week', label: 'This week', count: '51,902' },
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
            ['count', s.count],
          ]),
        ]),
      ),
    ],
  ]),
);
