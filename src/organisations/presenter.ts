import type { OrganisationType } from '../entities/organisations';
import type { OrganisationTypeVO, OrganisationVO } from '../schema/organisations';

/** A row of ORGANISATION_COLUMNS (src/organisations/repository.ts). */
export interface OrganisationRow {
  id: number;
  identifier: string;
  displayName: string;
  description: string | null;
  cssClass: string | null;
  status: string | null;
  externalId: string | null;
  managedFlags: string | null;
  path: string;
  parentKey: number | null;
  typeKey: number | null;
}

/** The first key of the materialised path; OpenOLAT leaves the root's own root empty. */
function rootOf(key: number, path: string): number | null {
  const root = Number(path.split('/').find((segment) => segment !== ''));
  return Number.isSafeInteger(root) && root !== key ? root : null;
}

export function toOrganisationVO(row: OrganisationRow): OrganisationVO {
  return {
    key: row.id,
    identifier: row.identifier,
    displayName: row.displayName,
    description: row.description ?? null,
    cssClass: row.cssClass ?? null,
    status: row.status ?? null,
    externalId: row.externalId ?? null,
    managedFlagsString: row.managedFlags || null,
    rootOrganisationKey: rootOf(row.id, row.path),
    parentOrganisationKey: row.parentKey ?? null,
    organisationTypeKey: row.typeKey ?? null,
  };
}

/** What every kind of type (an organisation's, a curriculum element's) answers of itself, in the VOs' order. */
export function typeVOFields(type: Pick<OrganisationType, 'id' | 'identifier' | 'displayName' | 'description' | 'cssClass' | 'externalId' | 'managedFlags'>) {
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

export function toOrganisationTypeVO(type: OrganisationType): OrganisationTypeVO {
  return typeVOFields(type);
}
