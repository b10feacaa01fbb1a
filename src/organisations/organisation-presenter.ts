import type { Organisation } from '../entities/organisations';
import type { OrganisationType } from '../entities/organisations';
import type { OrganisationTypeVO, OrganisationVO } from '../schema/organisation-types';

export interface OrganisationRow {
  key: number;
  identifier: string;
  displayName: string;
  description: string | null;
  cssClass: string | null;
  status: string | null;
  externalId: string | null;
  managedFlagsString: string | null;
  path: string;
  parentOrganisationKey: number | null;
  organisationTypeKey: number | null;
}

export const ORGANISATION_ROW_COLUMNS =
  'o.id as key, o.identifier, o.display_name as "displayName", o.description, o.css_class as "cssClass", o.status, o.external_id as "externalId", ' +
  'o.managed_flags as "managedFlagsString", o.path, o.parent_id as "parentOrganisationKey", o.type_id as "organisationTypeKey"';

/** The first key of the materialised path; OpenOLAT leaves the root's own root empty. */
function rootOf(key: number, path: string): number | null {
  const root = Number(path.split('/').find((segment) => segment !== ''));
  return Number.isSafeInteger(root) && root !== key ? root : null;
}

function rowOf(organisation: Organisation): OrganisationRow {
  return {
    key: organisation.id,
    identifier: organisation.identifier,
    displayName: organisation.displayName,
    description: organisation.description ?? null,
    cssClass: organisation.cssClass ?? null,
    status: organisation.status,
    externalId: organisation.externalId ?? null,
    managedFlagsString: organisation.managedFlags ?? null,
    path: organisation.path,
    parentOrganisationKey: organisation.parent?.id ?? null,
    organisationTypeKey: organisation.type?.id ?? null,
  };
}

export function toOrganisationVO(organisation: OrganisationRow | Organisation): OrganisationVO {
  const row = 'id' in organisation ? rowOf(organisation) : organisation;
  return {
    key: row.key,
    identifier: row.identifier,
    displayName: row.displayName,
    description: row.description ?? null,
    cssClass: row.cssClass ?? null,
    status: row.status ?? null,
    externalId: row.externalId ?? null,
    managedFlagsString: row.managedFlagsString || null,
    rootOrganisationKey: rootOf(row.key, row.path),
    parentOrganisationKey: row.parentOrganisationKey ?? null,
    organisationTypeKey: row.organisationTypeKey ?? null,
  };
}

export function toOrganisationTypeVO(type: OrganisationType): OrganisationTypeVO {
  return {
    key: type.id,
    identifier: type.identifier,
    displayName: type.displayName,
    description: type.description ?? null,
    cssClass: type.cssClass ?? null,
    externalId: type.externalId ?? null,
    managedFlagsString: type.managedFlags || null,
  };
}
