import { Authentication } from './authentication';
import { BusinessGroup, GroupMembership } from './business-group';
import { Identity } from './identity';
import { Organisation, OrganisationRoleMembership } from './organisation';
import { HttpSession } from './session';

export const entities = [Identity, Authentication, HttpSession, Organisation, OrganisationRoleMembership, BusinessGroup, GroupMembership];
