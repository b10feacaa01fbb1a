import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Authentication } from './entities/authentications';
import { Provider } from './entities/users';
import { Identity, UserStatus } from './entities/users';
import { Organisation, OrganisationRoleMembership } from './entities/organisations';
import { hashPassword } from './auth/passwords';
import { loginInUse } from './users/repository';

import { DEFAULT_ORGANISATION_IDENTIFIER, defaultInheritance, type OrganisationRole } from './domain/roles';
import { transaction } from './db/transaction';

const ADMIN_ROLES: OrganisationRole[] = ['user', 'administrator', 'sysadmin'];

/**
 * First start: the default organisation and an administrator. Idempotent, and safe when several
 * instances start at once (an advisory lock serialises them).
 */
export async function bootstrap(em: EntityManager, adminLogin: string, adminPassword: string | undefined, log = console.log): Promise<void> {
  await transaction(em, async (tx) => {
    await tx.getConnection().execute('select pg_advisory_xact_lock(4242)', [], 'all', tx.getTransactionContext());
    let organisation = await tx.findOne(Organisation, { identifier: DEFAULT_ORGANISATION_IDENTIFIER });
    if (!organisation) {
      organisation = tx.create(Organisation, { identifier: DEFAULT_ORGANISATION_IDENTIFIER, displayName: 'Default organisation' });
      await tx.persistAndFlush(organisation);
      organisation.path = `/${organisation.id}/`;
    }
    if (await loginInUse(tx, adminLogin)) return;
    const password = adminPassword ?? randomBytes(18).toString('base64url');
    const admin = tx.create(Identity, { login: adminLogin, firstName: 'System', lastName: 'Administrator', email: null, status: UserStatus.permanent });
    tx.persist(admin);
    tx.persist(tx.create(Authentication, { identity: admin, provider: Provider.password, authUsername: adminLogin, credential: await hashPassword(password) }));
    for (const role of ADMIN_ROLES)
      tx.persist(tx.create(OrganisationRoleMembership, { identity: admin, organisation, role, inheritance: defaultInheritance(role) }));
    await tx.flush();
    if (!adminPassword) log(`created administrator "${adminLogin}" with generated password: ${password}  (shown once; set ADMIN_PASSWORD to choose one)`);
    else log(`created administrator "${adminLogin}"`);
  });
}
