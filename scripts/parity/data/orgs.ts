import type { Deviation, ParityRow } from '../types';

const ORGS = 'OrganisationsWebService';
const TYPES = 'OrganisationTypesWebService';

const TREE_SCOPE: Deviation = {
  what: 'The caller needs the administrator or sysadmin role in this organisation or an inheriting ancestor (403 otherwise); OpenOLAT lets an administrator or sysadmin of any organisation act on every organisation (only DELETE asks for the role in that organisation).',
  why: 'Organisations separate tenants: an administrator of one organisation must not change another, nor read what it holds (src/organisations/policy.ts).',
};

const MEMBER_SCOPE: Deviation = {
  what: 'Granting, ending or reading a membership also needs the administrator or sysadmin role in an organisation where the person is a user, and no role of the person the caller lacks where it is held (403 otherwise); OpenOLAT checks the caller’s role only.',
  why: 'Otherwise an administrator of one organisation could take in anyone, or make themself administrator of another organisation.',
};

const GRANTS_ONLY_HELD: Deviation = {
  what: 'The sysadmin role is granted or ended only by a system administrator of the organisation (or above it); OpenOLAT lets every administrator of the organisation grant it.',
  why: 'Nobody grants a role they do not hold: an administrator of one organisation must not make anyone a system administrator.',
};

const PARTIAL_ORGANISATION: Deviation = {
  what: 'A body with a key updates only the fields it carries; OpenOLAT copies displayName, identifier, description, type, cssClass, externalId and managedFlags from the body (absent: null, an absent organisationTypeKey removes the type).',
  why: 'A partial body must not blank the organisation; a client sending the whole VO sees the same result.',
};

const PARTIAL_TYPE: Deviation = {
  what: 'A body with a key updates only the fields it carries; OpenOLAT copies displayName, identifier, description, cssClass, externalId and managedFlags from the body (absent: null).',
  why: 'A partial body must not blank the type; a client sending the whole VO sees the same result.',
};

const SAVE_ORGANISATION: Deviation[] = [
  TREE_SCOPE,
  {
    what: 'An unknown parentOrganisationKey or organisationTypeKey is refused (406 with an ErrorVO); OpenOLAT creates the organisation below the default one, or without type, as if the key were absent (on update: leaves the parent, drops the type).',
    why: 'A mistyped key would silently place the organisation in the wrong tree or drop its type.',
  },
  PARTIAL_ORGANISATION,
];

export const rows: ParityRow[] = [
  { endpoint: 'GET /organisations/version', openolat: `${ORGS}.getVersion`, reads: [], deviations: [] },
  {
    endpoint: 'GET /organisations',
    openolat: `${ORGS}.getOrganisations`,
    reads: ['query externalId', 'query identifier (both blank: every organisation)'],
    deviations: [],
  },
  { endpoint: 'PUT /organisations', openolat: `${ORGS}.putOrganisation`, reads: ['body OrganisationVO (XML or JSON)'], deviations: SAVE_ORGANISATION },
  { endpoint: 'POST /organisations', openolat: `${ORGS}.postOrganisation`, reads: ['body OrganisationVO (XML or JSON)'], deviations: SAVE_ORGANISATION },
  { endpoint: 'GET /organisations/{}', openolat: `${ORGS}.getOrganisation`, reads: [], deviations: [] },
  {
    endpoint: 'POST /organisations/{}',
    openolat: `${ORGS}.postOrganisation(organisationKey)`,
    reads: ['body OrganisationVO (XML or JSON)'],
    deviations: SAVE_ORGANISATION,
  },
  {
    endpoint: 'DELETE /organisations/{}',
    openolat: `${ORGS}.deleteOrganisation`,
    reads: [],
    deviations: [
      {
        what: 'An organisation with sub-organisations, or with courses placed in it, is refused (409 naming what to move first); OpenOLAT calls its deleteOrganisation without either check.',
        why: 'Deleting a subtree or orphaning courses by one call cannot be undone; the client moves or deletes them explicitly first.',
      },
    ],
  },
  {
    endpoint: 'GET /organisations/{}/entries',
    openolat: `${ORGS}.getRepositoryEntriesInOrganisation`,
    reads: [],
    deviations: [
      {
        what: 'An unknown organisation answers 404; OpenOLAT does not look the organisation up and answers an empty list.',
        why: 'Knowing who may read the entries needs the organisation; an empty list would also hide a mistyped key.',
      },
      TREE_SCOPE,
    ],
  },
  {
    endpoint: 'GET /organisations/membership/{}/{}',
    openolat: `${ORGS}.getMemberships`,
    reads: ['query withInheritance (Boolean, default true; anything but "true" in any case is false)'],
    deviations: [
      {
        what: 'The plural role names of the other member routes (users, authors, …) are taken here too; OpenOLAT takes the singular only (406 for a plural).',
        why: 'One rule for role names across the organisation routes; nothing OpenOLAT answers with 2xx changes.',
      },
      {
        what: 'An unknown person answers 404; OpenOLAT does not look the person up and answers an empty list.',
        why: 'Whether the caller may read a person’s memberships depends on the person’s organisations, so the person must exist.',
      },
      MEMBER_SCOPE,
    ],
  },
  {
    endpoint: 'GET /organisations/{}/{}',
    openolat: `${ORGS}.getMembers`,
    reads: ['path role (OrganisationRoles name, or its plural with a trailing s; unknown: 409)'],
    deviations: [TREE_SCOPE],
  },
  {
    endpoint: 'PUT /organisations/{}/{}/{}',
    openolat: `${ORGS}.putMember`,
    reads: ['path role (name or plural; unknown: 409)', 'query inheritanceMode (none, root, inherited; anything else: the role’s default inheritance)'],
    deviations: [TREE_SCOPE, MEMBER_SCOPE, GRANTS_ONLY_HELD],
  },
  {
    endpoint: 'PUT /organisations/{}/{}',
    openolat: `${ORGS}.putMembers`,
    reads: ['path role (name or plural; unknown: 409)', 'query inheritanceMode', 'body UserVO[] (only key is read; unknown keys are skipped)'],
    deviations: [TREE_SCOPE, MEMBER_SCOPE, GRANTS_ONLY_HELD],
  },
  {
    endpoint: 'DELETE /organisations/{}/{}/{}',
    openolat: `${ORGS}.deleteMember`,
    reads: ['path role (name or plural; unknown: 409)'],
    deviations: [TREE_SCOPE, MEMBER_SCOPE, GRANTS_ONLY_HELD],
  },
  { endpoint: 'GET /organisations/types', openolat: `${TYPES}.getOrganisations`, reads: [], deviations: [] },
  {
    endpoint: 'PUT /organisations/types',
    openolat: `${TYPES}.putOrganisationType`,
    reads: ['body OrganisationTypeVO (XML or JSON)'],
    deviations: [PARTIAL_TYPE],
  },
  {
    endpoint: 'POST /organisations/types',
    openolat: `${TYPES}.postOrganisationType`,
    reads: ['body OrganisationTypeVO (XML or JSON)'],
    deviations: [PARTIAL_TYPE],
  },
  { endpoint: 'GET /organisations/types/{}', openolat: `${TYPES}.getOrganisations(organisationTypeKey)`, reads: [], deviations: [] },
  {
    endpoint: 'POST /organisations/types/{}',
    openolat: `${TYPES}.postOrganisation(organisationTypeKey)`,
    reads: ['body OrganisationTypeVO (XML or JSON)'],
    deviations: [PARTIAL_TYPE],
  },
  { endpoint: 'GET /organisations/types/{}/allowedSubTypes', openolat: `${TYPES}.getAllowedSubTypes`, reads: [], deviations: [] },
  { endpoint: 'PUT /organisations/types/{}/allowedSubTypes/{}', openolat: `${TYPES}.allowSubTaxonomyLevelType`, reads: [], deviations: [] },
  { endpoint: 'DELETE /organisations/types/{}/allowedSubTypes/{}', openolat: `${TYPES}.disalloweSubTaxonomyLevelType`, reads: [], deviations: [] },
];
