import { openDatabase } from '../../src/db/orm';
import { sql } from '../../src/db/sql';
import { GroupRole } from '../../src/entities/groups';
import { addGroupMember, addOrganisationMember, buildCourse, buildGroup, buildOrganisation, buildUser, defaultOrganisationKey } from '../factories';
import { startTestService } from '../support/service';

const MIGRATION = 'Migration20261128141845_groups_belong_to_organisations';

it("gives each existing group its course's organisation, else its first owner's deepest, else the default organisation", async () => {
  const t = await startTestService();
  const em = () => t.service.orm.em.fork();
  const link = (entryKey: number, groupKey: number) => sql(em(), 'insert into repository_entry_group (entry_id, group_id) values (?, ?)', [entryKey, groupKey]);
  try {
    const [a, b] = [await buildOrganisation(t), await buildOrganisation(t)];
    const belowA = await buildOrganisation(t, {}, a);
    const courseOfA = await buildCourse(t, { organisationKey: a });
    const courseOfB = await buildCourse(t, { organisationKey: b });
    const ownerBelowA = await buildUser(t);
    for (const organisation of [a, belowA]) await addOrganisationMember(t, organisation, ownerBelowA.key, 'user');
    const ownerOfB = await buildUser(t);
    await addOrganisationMember(t, b, ownerOfB.key, 'user');
    // a manager role is no belonging: only `user` memberships count
    await addOrganisationMember(t, a, ownerOfB.key, 'groupmanager');
    const ownerOfDefault = await buildUser(t);

    const expected = new Map<number, number>();
    const group = async (organisation: number, courses: number[], owners: number[], participants: number[] = []) => {
      const key = await buildGroup(t);
      for (const course of courses) await link(course, key);
      for (const owner of owners) await addGroupMember(t, key, owner, GroupRole.coach);
      for (const participant of participants) await addGroupMember(t, key, participant, GroupRole.participant);
      expected.set(key, organisation);
    };
    const defaultOrganisation = await defaultOrganisationKey(t);
    await group(b, [courseOfB.key], [ownerBelowA.key]);
    await group(a, [courseOfB.key, courseOfA.key], []);
    await group(belowA, [], [ownerBelowA.key, ownerOfB.key]);
    await group(b, [], [ownerOfB.key, ownerBelowA.key]);
    await group(defaultOrganisation, [], [ownerOfDefault.key]);
    await group(defaultOrganisation, [], [], [ownerOfB.key]);
    await t.service.stop();

    const { orm, close } = await openDatabase(t.databaseUrl, 1);
    try {
      const migrator = orm.getMigrator();
      await migrator.down({ migrations: [MIGRATION] });
      const columns = await orm.em
        .getConnection()
        .execute(`select 1 from information_schema.columns where table_name = 'business_group' and column_name = 'organisation_id'`);
      expect(columns).toEqual([]);
      await migrator.up({ migrations: [MIGRATION] });
      const rows = await orm.em
        .getConnection()
        .execute<{ id: number; organisationKey: number }[]>('select id, organisation_id as "organisationKey" from business_group where id = any(?::int[])', [
          `{${[...expected.keys()].join(',')}}`,
        ]);
      expect(new Map(rows.map((row) => [row.id, row.organisationKey]))).toEqual(expected);
    } finally {
      await close();
    }
  } finally {
    await t.stop();
  }
});
