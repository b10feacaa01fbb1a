/** What the verb of a mutation's name makes of the change: `addGroupParticipant` → `group.participant.added`. */
const PAST: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  add: 'added',
  put: 'added',
  remove: 'removed',
  save: 'saved',
  change: 'changed',
  set: 'set',
  link: 'linked',
  unlink: 'unlinked',
  mark: 'marked',
  unmark: 'unmarked',
  upload: 'uploaded',
  import: 'imported',
  publish: 'published',
  move: 'moved',
  allow: 'allowed',
  disallow: 'disallowed',
  reorder: 'reordered',
  sync: 'synced',
  heal: 'healed',
  adapt: 'adapted',
  replay: 'replayed',
};

/** Words that are one object in event types (`lecture.rollcall.updated`). */
const COMPOUNDS: [RegExp, string][] = [
  [/RollCall/g, 'Rollcall'],
  [/ApiKey/g, 'Apikey'],
];

/** Mutations that change no object another system keeps (a session ends). */
const NOT_CHANGES = new Set(['logout']);

/**
 * The event type of a mutation: its object's words and the verb in the past, dotted and lower case
 * (`changeCourseStatus` → `course.status.changed`); undefined for a mutation that is no change.
 */
export function changeTypeOf(operation: string): string | undefined {
  if (NOT_CHANGES.has(operation)) return undefined;
  // `…ByLogin` addresses the same object by another key: the same change.
  const name = COMPOUNDS.reduce((text, [pattern, joined]) => text.replace(pattern, joined), operation.replace(/ByLogin$/, ''));
  const words = name.split(/(?=[A-Z])/);
  const verb = words[0];
  const nouns = words.slice(1).map((word) => word.toLowerCase());
  return [...nouns, PAST[verb] ?? `${verb}d`].join('.');
}
