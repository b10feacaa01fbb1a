import { Migration } from '@mikro-orm/migrations';

/**
 * An API key may be bound to an organisation (an identity provider's key acts within it only); deleting the organisation
 * deletes the key. A sync job keeps the binding of the credential it was submitted with.
 */
export class Migration20261129100000_api_key_organisation extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "authentication" add column "organisation_id" int null;`);
    this.addSql(
      `alter table "authentication" add constraint "authentication_organisation_id_foreign" foreign key ("organisation_id") references "organisation" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`create index "authentication_organisation_id_index" on "authentication" ("organisation_id");`);
    this.addSql(`alter table "sync_job" add column "organisation_key" int null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "authentication" drop column "organisation_id";`);
    this.addSql(`alter table "sync_job" drop column "organisation_key";`);
  }
}
