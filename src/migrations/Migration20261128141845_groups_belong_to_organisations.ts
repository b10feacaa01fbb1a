import { Migration } from '@mikro-orm/migrations';

/**
 * Learning groups belong to an organisation (src/groups/policy.ts). An existing group gets, by the first rule that
 * gives one: the organisation of the course it is linked to (of several, the course with the lowest key); the
 * organisation of its first owner (the lowest membership key) where that owner is a user, the one furthest from the
 * root (every person is also a user of the default organisation; the deeper one says whose tenant they are), the
 * lowest key among equals; else the default organisation. One statement per rule.
 */
export class Migration20261128141845_groups_belong_to_organisations extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "business_group" add column "organisation_id" int null;`);
    this.addSql(
      `update "business_group" g set "organisation_id" = c.organisation_id
       from (select distinct on (rg.group_id) rg.group_id, e.organisation_id
             from "repository_entry_group" rg join "repository_entry" e on e.id = rg.entry_id
             order by rg.group_id, rg.entry_id) c
       where c.group_id = g.id;`,
    );
    this.addSql(
      `update "business_group" g set "organisation_id" = o.organisation_id
       from (select distinct on (m.group_id) m.group_id, r.organisation_id
             from "group_membership" m
             join "organisation_role" r on r.identity_id = m.identity_id and r.role = 'user'
             join "organisation" ro on ro.id = r.organisation_id
             where m.role = 'coach'
               and m.id = (select min(f.id) from "group_membership" f where f.group_id = m.group_id and f.role = 'coach')
             order by m.group_id, length(ro.path) - length(replace(ro.path, '/', '')) desc, r.organisation_id) o
       where o.group_id = g.id and g.organisation_id is null;`,
    );
    this.addSql(
      `update "business_group" set "organisation_id" = (select id from "organisation" where identifier = 'default-org') where "organisation_id" is null;`,
    );
    this.addSql(`alter table "business_group" alter column "organisation_id" set not null;`);
    this.addSql(
      `alter table "business_group" add constraint "business_group_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete restrict;`,
    );
    this.addSql(`create index "business_group_organisation_id_index" on "business_group" ("organisation_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "business_group" drop constraint "business_group_organisation_id_foreign";`);
    this.addSql(`drop index "business_group_organisation_id_index";`);
    this.addSql(`alter table "business_group" drop column "organisation_id";`);
  }
}
