import { Migration } from '@mikro-orm/migrations';

export class Migration20261123165711_add_group_tools extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "business_group" add column "waiting_list_visible" boolean not null default false, add column "owners_public" boolean not null default false, add column "participants_public" boolean not null default false, add column "waiting_list_public" boolean not null default false, add column "tools" text[] not null default '{}', add column "folder_access" smallint null, add column "calendar_access" smallint null, add column "news" text null;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(
      `alter table "business_group" drop column "waiting_list_visible", drop column "owners_public", drop column "participants_public", drop column "waiting_list_public", drop column "tools", drop column "folder_access", drop column "calendar_access", drop column "news";`,
    );
  }
}
