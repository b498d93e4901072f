/**
 * What a reader is told once a rule marked to end (`<Expires>`) is past its last day, in China.
 * Governments extend such rules late (China extended the 30-day visa-free scheme twice, each time
 * weeks before its end), so the words say the rule *was announced to end* and ask the reader to
 * check for an extension; they never say it ended.
 */

/** The note after a marked fact, around its last day (`<time>` in the page). */
export const ENDED_NOTE = {
  before: ' (This was announced to end on ',
  after: ': check whether it has been extended before you rely on it.)',
};

/** The notice at the top of a guide, in its feed items and in its description. */
export const ENDED_NOTICE = {
  before: 'Some rules in this guide were announced to end on ',
  after: '; check whether they have been extended before you rely on them.',
};

export function endedNotice(longDay: string): string {
  return `${ENDED_NOTICE.before}${longDay}${ENDED_NOTICE.after}`;
}
