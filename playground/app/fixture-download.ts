import type { Fixture } from '../devtools/fixture.ts';

/**
 * Saves a recorded fixture as a JSON file download (named after its recording time) and returns
 * the notice that says what was exported and how `suip/testing` replays it.
 */
export function downloadFixture(fixture: Fixture): string {
  const blob = new Blob([JSON.stringify(fixture, null, 2)], { type: 'application/json' });
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = `suip-fixture-${fixture.recordedAt.replace(/[:.]/g, '-')}.json`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  const ids = fixture.generators.map((id) => `"${id}"`).join(', ');
  return (
    `Exported the latest run of ${fixture.generators.length === 1 ? 'generator' : 'generators'} ${ids} ` +
    `(${fixture.messages.length} messages); suip/testing replays it by that id.`
  );
}
