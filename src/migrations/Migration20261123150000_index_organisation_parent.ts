import { Migration } from '@mikro-orm/migrations';

/** An organisation's children (GraphQL OrganisationVO.children) are read through their parent key. */
export class Migration20261123150000_index_organisation_parent extends Migration {
  override async up(): Promise<void> {
    this.addSql('create index "organisation_parent_id_index" on "organisation" ("parent_id");');
  }

  override async down(): Promise<void> {
    this.addSql('drop index "organisation_parent_id_index";');
  }
}
