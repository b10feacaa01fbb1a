import { AdminResolver } from './admin-resolver';
import { GroupResolver } from './group-resolver';
import { UserResolver } from './user-resolver';

/** Every resolver of the schema; one line per family. */
export const resolvers = [
  UserResolver,
  GroupResolver,
  AdminResolver,
] as const;
