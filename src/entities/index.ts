import { AuditLogEntry } from './audit-log';
import { Authentication } from './authentication';
import { BusinessGroup, GroupMembership } from './business-group';
import { Identity } from './identity';
import { Organisation, OrganisationRoleMembership } from './organisation';
import { OrganisationType } from './organisation-type';
import { IdentityRelation, RelationRole } from './relation';
import { HttpSession } from './session';
import { AppSetting } from './setting';

export const entities = [
  Identity,
  Authentication,
  HttpSession,
  Organisation,
  OrganisationType,
  OrganisationRoleMembership,
  BusinessGroup,
  GroupMembership,
  RelationRole,
  IdentityRelation,
  AuditLogEntry,
  AppSetting,
];
