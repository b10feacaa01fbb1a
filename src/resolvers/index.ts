import { AdminResolver } from './admin-resolver';
import { AuthenticationResolver } from './authentication-resolver';
import { GroupResolver } from './group-resolver';
import { OrganisationResolver } from './organisation-resolver';
import { RelationResolver } from './relation-resolver';
import { UserResolver } from './user-resolver';

/** Every resolver of the schema; one line per family. */
export const resolvers = [UserResolver, AuthenticationResolver, GroupResolver, OrganisationResolver, AdminResolver, RelationResolver] as const;
