import {
  MANAGED_KINDS,
  ManagedKind,
  childrenOf,
  expandManagedFlags,
  flagNames,
  formatManagedFlags,
  isManaged,
  normaliseManagedFlags,
  parentOf,
  parseManagedFlags,
  resolveKind,
  unknownManagedFlags,
} from '../src/managed/flags';

// Flags per kind as listed in the source document's "Managed flags" table.
const DOCUMENTED: Record<ManagedKind, string[]> = {
  organisation: ['identifier', 'displayName', 'description', 'externalId', 'type', 'move', 'members', 'delete'],
  organisationType: ['identifier', 'displayName', 'description', 'cssClass', 'externalId', 'subTypes', 'delete'],
  product: ['identifier', 'displayName', 'description', 'externalId', 'delete', 'members'],
  element: [
    'identifier',
    'displayName',
    'description',
    'externalId',
    'status',
    'dates',
    'type',
    'calendars',
    'units',
    'members',
    'resources',
    'move',
    'addChildren',
    'delete',
  ],
  elementType: ['identifier', 'displayName', 'cssClass', 'description', 'externalId', 'calendars', 'units', 'subTypes', 'copy', 'delete'],
  group: ['details', 'title', 'description', 'settings', 'tools', 'members', 'display', 'membersmanagement', 'resources', 'bookings', 'delete'],
  course: [
    'editcontent',
    'details',
    'title',
    'description',
    'objectives',
    'requirements',
    'credits',
    'location',
    'organisations',
    'settings',
    'access',
    'search',
    'chat',
    'layout',
    'resourcefolder',
    'efficencystatement',
    'calendar',
    'glossary',
    'unit',
    'unitconfig',
    'unitmanagement',
    'bookings',
    'membersmanagement',
    'groups',
    'close',
    'delete',
    'copy',
  ],
  event: ['details', 'title', 'compulsory', 'plannedUnits', 'teachers', 'groups', 'description', 'preparation', 'location', 'dates', 'settings', 'delete'],
  taxonomy: ['identifier', 'displayName', 'description', 'externalId', 'librarySettings'],
  taxonomyLevel: [
    'identifier',
    'displayName',
    'description',
    'externalId',
    'sortOrder',
    'type',
    'competences',
    'manageCompetence',
    'teachCompetence',
    'haveCompetence',
    'targetCompetence',
    'move',
    'delete',
  ],
  taxonomyLevelType: ['identifier', 'displayName', 'description', 'cssClass', 'externalId', 'visibility', 'subTypes', 'librarySettings', 'copy', 'delete'],
  calendar: ['details', 'subject', 'description', 'location', 'dates', 'liveStreamUrl', 'classification', 'links'],
  role: ['name', 'rights', 'delete'],
  relation: ['delete'],
};

// Nesting given by "(children: ...)" in the source document and by the catalogue for extras.
const DOCUMENTED_PARENTS: [ManagedKind, string, string][] = [
  ['group', 'title', 'details'],
  ['group', 'settings', 'details'],
  ['group', 'display', 'members'],
  ['group', 'membersmanagement', 'members'],
  ['course', 'organisations', 'details'],
  ['course', 'glossary', 'settings'],
  ['course', 'participantInfo', 'settings'],
  ['course', 'unitconfig', 'all'],
  ['event', 'plannedUnits', 'details'],
  ['event', 'externalRef', 'details'],
  ['event', 'onlineMeeting', 'details'],
  ['event', 'settings', 'all'],
  ['taxonomyLevel', 'targetCompetence', 'competences'],
  ['calendar', 'liveStreamUrl', 'details'],
  ['calendar', 'color', 'all'],
  ['element', 'units', 'all'],
];

describe('managed-flag registry consistency', () => {
  it('has exactly the 14 kinds', () => {
    expect([...MANAGED_KINDS].sort()).toEqual(Object.keys(DOCUMENTED).sort());
  });

  it.each(MANAGED_KINDS.map((kind) => [kind]))('%s has root all and connected parents', (kind) => {
    const names = flagNames(kind);
    expect(names[0]).toBe('all');
    expect(parentOf(kind, 'all')).toBeUndefined();
    expect(new Set(names).size).toBe(names.length);
    for (const flag of names.slice(1)) {
      const parent = parentOf(kind, flag);
      expect(parent).toBeDefined();
      expect(names).toContain(parent);
      expect(names.indexOf(parent!)).toBeLessThan(names.indexOf(flag));
      expect(childrenOf(kind, parent!)).toContain(flag);
    }
  });

  it.each(MANAGED_KINDS.map((kind) => [kind]))('%s includes every documented flag', (kind) => {
    expect(flagNames(kind)).toEqual(expect.arrayContaining(['all', ...DOCUMENTED[kind]]));
  });

  it.each(DOCUMENTED_PARENTS)('%s %s has parent %s', (kind, flag, parent) => {
    expect(parentOf(kind, flag)).toBe(parent);
  });

  it('accepts catalogue extras', () => {
    expect(flagNames('course')).toContain('participantInfo');
    expect(flagNames('event')).toEqual(expect.arrayContaining(['externalRef', 'onlineMeeting']));
    expect(flagNames('calendar')).toContain('color');
  });

  it('lists children in declaration order', () => {
    expect(childrenOf('group', 'all')).toEqual(['details', 'tools', 'members', 'resources', 'bookings', 'delete']);
    expect(childrenOf('group', 'details')).toEqual(['title', 'description', 'settings']);
    expect(childrenOf('group', 'title')).toEqual([]);
    expect(childrenOf('group', 'nope')).toEqual([]);
  });
});

describe('parseManagedFlags', () => {
  it('trims, skips blanks, drops unknown and duplicates, keeps first-seen order', () => {
    expect(parseManagedFlags('group', ' title, description ,,bogus,title, ,delete')).toEqual(['title', 'description', 'delete']);
    expect(parseManagedFlags('taxonomyLevel', 'move,identifier,Move,move')).toEqual(['move', 'identifier']);
  });

  it('handles empty input', () => {
    expect(parseManagedFlags('course', null)).toEqual([]);
    expect(parseManagedFlags('course', undefined)).toEqual([]);
    expect(parseManagedFlags('course', '')).toEqual([]);
    expect(parseManagedFlags('course', ' , ')).toEqual([]);
  });

  it('maps legacy course lecture flags', () => {
    expect(parseManagedFlags('course', 'lecture,lectureconfig,lecturemanagement,unit')).toEqual(['unit', 'unitconfig', 'unitmanagement']);
  });

  it('maps legacy event plannedLectures', () => {
    expect(parseManagedFlags('event', 'plannedLectures, title')).toEqual(['plannedUnits', 'title']);
  });

  it('maps legacy lectures only where the kind has units', () => {
    expect(parseManagedFlags('element', 'lectures')).toEqual(['units']);
    expect(parseManagedFlags('elementType', 'lectures,units')).toEqual(['units']);
    expect(parseManagedFlags('product', 'lectures')).toEqual([]);
    expect(parseManagedFlags('group', 'lecture')).toEqual([]);
  });

  it('reports the tokens it drops', () => {
    expect(unknownManagedFlags('group', ' title, bogus,,Title ,bogus,lectures')).toEqual(['bogus', 'Title', 'lectures']);
    expect(unknownManagedFlags('course', 'lecture,unit')).toEqual([]);
    expect(unknownManagedFlags('event', null)).toEqual([]);
  });
});

describe('formatManagedFlags / normaliseManagedFlags', () => {
  it('formats in declaration order, deduplicated, without spaces', () => {
    expect(formatManagedFlags('group', ['delete', 'title', 'details', 'title'])).toBe('details,title,delete');
    expect(formatManagedFlags('organisation', ['delete', 'members', 'identifier'])).toBe('identifier,members,delete');
    expect(formatManagedFlags('course', ['copy', 'lecture', 'all'])).toBe('all,unit,copy');
  });

  it('formats the empty set as an empty string', () => {
    expect(formatManagedFlags('calendar', [])).toBe('');
    expect(normaliseManagedFlags('calendar', null)).toBe('');
    expect(normaliseManagedFlags('calendar', 'nope')).toBe('');
  });

  it('normalises a wire value', () => {
    expect(normaliseManagedFlags('event', 'delete, plannedLectures,bogus,details,delete')).toBe('details,plannedUnits,delete');
    expect(normaliseManagedFlags('taxonomyLevel', 'delete,targetCompetence,identifier')).toBe('identifier,targetCompetence,delete');
  });
});

describe('isManaged', () => {
  it('is true for everything when all is set', () => {
    for (const kind of MANAGED_KINDS) {
      for (const flag of flagNames(kind)) expect(isManaged(kind, ['all'], flag)).toBe(true);
    }
  });

  it('inherits from a parent but not from a child', () => {
    expect(isManaged('group', ['details'], 'title')).toBe(true);
    expect(isManaged('group', ['details'], 'details')).toBe(true);
    expect(isManaged('group', ['details'], 'members')).toBe(false);
    expect(isManaged('group', ['title'], 'details')).toBe(false);
    expect(isManaged('group', ['title'], 'all')).toBe(false);
    expect(isManaged('taxonomyLevel', ['competences'], 'haveCompetence')).toBe(true);
    expect(isManaged('course', ['settings'], 'participantInfo')).toBe(true);
  });

  it('accepts aliases on both sides', () => {
    expect(isManaged('course', ['lecture'], 'unit')).toBe(true);
    expect(isManaged('course', ['unitconfig'], 'lectureconfig')).toBe(true);
    expect(isManaged('course', ['lecture'], 'unitconfig')).toBe(false);
    expect(isManaged('event', ['plannedLectures'], 'plannedUnits')).toBe(true);
    expect(isManaged('event', ['details'], 'plannedLectures')).toBe(true);
  });

  it('ignores unknown flags in the set', () => {
    expect(isManaged('role', ['bogus'], 'name')).toBe(false);
  });

  it('throws for a flag outside the kind registry', () => {
    expect(() => isManaged('group', [], 'bogus')).toThrow(Error);
    expect(() => isManaged('relation', ['all'], 'name')).toThrow(Error);
  });
});

describe('expandManagedFlags', () => {
  it('returns the set plus descendants in declaration order', () => {
    expect(expandManagedFlags('group', ['delete', 'details'])).toEqual(['details', 'title', 'description', 'settings', 'delete']);
    expect(expandManagedFlags('calendar', ['liveStreamUrl', 'links'])).toEqual(['liveStreamUrl', 'links']);
    expect(expandManagedFlags('event', ['plannedLectures'])).toEqual(['plannedUnits']);
    expect(expandManagedFlags('relation', ['all'])).toEqual(['all', 'delete']);
    expect(expandManagedFlags('role', [])).toEqual([]);
  });
});

describe('resolveKind', () => {
  it('resolves canonical ids', () => {
    for (const kind of MANAGED_KINDS) expect(resolveKind(kind)).toBe(kind);
  });

  it('resolves legacy kind names', () => {
    expect(resolveKind('curriculum')).toBe('product');
    expect(resolveKind('curriculumElement')).toBe('element');
    expect(resolveKind('curriculum element')).toBe('element');
    expect(resolveKind('curriculumElementType')).toBe('elementType');
    expect(resolveKind('curriculum element type')).toBe('elementType');
    expect(resolveKind('lectureBlock')).toBe('event');
    expect(resolveKind('lecture block')).toBe('event');
    expect(resolveKind('roleToRole')).toBe('role');
    expect(resolveKind('role to role')).toBe('role');
  });

  it('rejects unknown names', () => {
    expect(resolveKind('bogus')).toBeUndefined();
    expect(resolveKind('constructor')).toBeUndefined();
    expect(resolveKind('')).toBeUndefined();
  });
});
