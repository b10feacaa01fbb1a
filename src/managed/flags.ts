export type ManagedKind =
  | 'organisation'
  | 'organisationType'
  | 'product'
  | 'element'
  | 'elementType'
  | 'group'
  | 'course'
  | 'event'
  | 'taxonomy'
  | 'taxonomyLevel'
  | 'taxonomyLevelType'
  | 'calendar'
  | 'role'
  | 'relation';

/** A top-level flag, or a top-level flag with its children. */
type Entry = string | readonly [string, readonly string[]];

interface KindSpec {
  readonly flags: readonly Entry[];
  readonly aliases?: Readonly<Record<string, string>>;
}

const ROOT = 'all';

const SPECS: Readonly<Record<ManagedKind, KindSpec>> = {
  organisation: {
    flags: ['identifier', 'displayName', 'description', 'externalId', 'type', 'move', 'members', 'delete'],
  },
  organisationType: {
    flags: ['identifier', 'displayName', 'description', 'cssClass', 'externalId', 'subTypes', 'delete'],
  },
  product: {
    flags: ['identifier', 'displayName', 'description', 'externalId', 'move', 'delete', 'members'],
  },
  element: {
    flags: [
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
    aliases: { lectures: 'units' },
  },
  elementType: {
    flags: ['identifier', 'displayName', 'cssClass', 'description', 'externalId', 'calendars', 'units', 'subTypes', 'copy', 'delete'],
    aliases: { lectures: 'units' },
  },
  group: {
    flags: [['details', ['title', 'description', 'settings']], 'tools', ['members', ['display', 'membersmanagement']], 'resources', 'bookings', 'delete'],
  },
  course: {
    flags: [
      'editcontent',
      ['details', ['title', 'description', 'objectives', 'requirements', 'credits', 'location', 'organisations']],
      ['settings', ['access', 'search', 'participantInfo', 'chat', 'layout', 'resourcefolder', 'efficencystatement', 'calendar', 'glossary']],
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
    aliases: { lecture: 'unit', lectureconfig: 'unitconfig', lecturemanagement: 'unitmanagement' },
  },
  event: {
    flags: [
      [
        'details',
        ['title', 'externalRef', 'compulsory', 'plannedUnits', 'teachers', 'groups', 'description', 'preparation', 'location', 'dates', 'onlineMeeting'],
      ],
      'settings',
      'delete',
    ],
    aliases: { plannedLectures: 'plannedUnits' },
  },
  taxonomy: {
    flags: ['identifier', 'displayName', 'description', 'externalId', 'librarySettings'],
  },
  taxonomyLevel: {
    flags: [
      'identifier',
      'displayName',
      'description',
      'externalId',
      'sortOrder',
      'type',
      ['competences', ['manageCompetence', 'teachCompetence', 'haveCompetence', 'targetCompetence']],
      'move',
      'delete',
    ],
  },
  taxonomyLevelType: {
    flags: ['identifier', 'displayName', 'description', 'cssClass', 'externalId', 'visibility', 'subTypes', 'librarySettings', 'copy', 'delete'],
  },
  calendar: {
    flags: [['details', ['subject', 'description', 'location', 'dates', 'liveStreamUrl']], 'classification', 'links', 'color'],
  },
  role: {
    flags: ['name', 'rights', 'delete'],
  },
  relation: {
    flags: ['delete'],
  },
};

const KIND_ALIASES: ReadonlyMap<string, ManagedKind> = new Map([
  ['curriculum', 'product'],
  ['curriculumElement', 'element'],
  ['curriculum element', 'element'],
  ['curriculumElementType', 'elementType'],
  ['curriculum element type', 'elementType'],
  ['lectureBlock', 'event'],
  ['lecture block', 'event'],
  ['roleToRole', 'role'],
  ['role to role', 'role'],
]);

export const MANAGED_KINDS: readonly ManagedKind[] = Object.keys(SPECS) as ManagedKind[];

interface Registry {
  readonly order: readonly string[];
  readonly parent: ReadonlyMap<string, string>;
  readonly children: ReadonlyMap<string, readonly string[]>;
  readonly aliases: ReadonlyMap<string, string>;
}

function build(spec: KindSpec): Registry {
  const order = [ROOT];
  const parent = new Map<string, string>();
  const children = new Map<string, string[]>([[ROOT, []]]);
  const add = (flag: string, up: string): void => {
    order.push(flag);
    parent.set(flag, up);
    children.set(flag, []);
    children.get(up)!.push(flag);
  };
  for (const entry of spec.flags) {
    const [flag, nested] = typeof entry === 'string' ? [entry, []] : entry;
    add(flag, ROOT);
    for (const child of nested) add(child, flag);
  }
  return { order, parent, children, aliases: new Map(Object.entries(spec.aliases ?? {})) };
}

const REGISTRIES = new Map(MANAGED_KINDS.map((kind) => [kind, build(SPECS[kind])]));

function registry(kind: ManagedKind): Registry {
  const found = REGISTRIES.get(kind);
  if (!found) throw new Error(`Unknown managed-flag kind: ${kind}`);
  return found;
}

function canonical(reg: Registry, name: string): string | undefined {
  if (reg.children.has(name)) return name;
  return reg.aliases.get(name);
}

function canonicalSet(reg: Registry, flags: readonly string[]): Set<string> {
  const set = new Set<string>();
  for (const flag of flags) {
    const name = canonical(reg, flag);
    if (name !== undefined) set.add(name);
  }
  return set;
}

// OpenOLAT does not trim tokens (so "a, b" loses "b"); we trim each token.
function tokens(wire: string | null | undefined): string[] {
  return (wire ?? '')
    .split(',')
    .map((token) => token.trim())
    .filter((token) => token !== '');
}

export function resolveKind(name: string): ManagedKind | undefined {
  return REGISTRIES.has(name as ManagedKind) ? (name as ManagedKind) : KIND_ALIASES.get(name);
}

export function flagNames(kind: ManagedKind): readonly string[] {
  return registry(kind).order;
}

export function parentOf(kind: ManagedKind, flag: string): string | undefined {
  const reg = registry(kind);
  const name = canonical(reg, flag);
  return name === undefined ? undefined : reg.parent.get(name);
}

export function childrenOf(kind: ManagedKind, flag: string): readonly string[] {
  const reg = registry(kind);
  const name = canonical(reg, flag);
  return name === undefined ? [] : reg.children.get(name)!;
}

export function parseManagedFlags(kind: ManagedKind, wire: string | null | undefined): string[] {
  const reg = registry(kind);
  return [...canonicalSet(reg, tokens(wire))];
}

export function unknownManagedFlags(kind: ManagedKind, wire: string | null | undefined): string[] {
  const reg = registry(kind);
  return [...new Set(tokens(wire).filter((token) => canonical(reg, token) === undefined))];
}

export function formatManagedFlags(kind: ManagedKind, flags: readonly string[]): string {
  const reg = registry(kind);
  const set = canonicalSet(reg, flags);
  return reg.order.filter((flag) => set.has(flag)).join(',');
}

export function normaliseManagedFlags(kind: ManagedKind, wire: string | null | undefined): string {
  return formatManagedFlags(kind, parseManagedFlags(kind, wire));
}

function managedIn(reg: Registry, set: ReadonlySet<string>, flag: string): boolean {
  for (let name: string | undefined = flag; name !== undefined; name = reg.parent.get(name)) {
    if (set.has(name)) return true;
  }
  return false;
}

export function isManaged(kind: ManagedKind, flags: readonly string[], flag: string): boolean {
  const reg = registry(kind);
  const name = canonical(reg, flag);
  if (name === undefined) throw new Error(`Unknown ${kind} managed flag: ${flag}`);
  return managedIn(reg, canonicalSet(reg, flags), name);
}

export function expandManagedFlags(kind: ManagedKind, flags: readonly string[]): string[] {
  const reg = registry(kind);
  if (!flags.length) return [];
  const set = canonicalSet(reg, flags);
  return reg.order.filter((flag) => managedIn(reg, set, flag));
}
