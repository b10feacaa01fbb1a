import { Migration } from '@mikro-orm/migrations';

export class Migration20261123230148_add_lectures_and_calendars extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "calendar_feed_token" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "identity_id" int not null, "calendar_id" varchar(64) not null, "token_hash" varchar(64) not null);`,
    );
    this.addSql(`alter table "calendar_feed_token" add constraint "calendar_feed_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`alter table "calendar_feed_token" add constraint "calendar_feed_token_identity_id_calendar_id_unique" unique ("identity_id", "calendar_id");`);

    this.addSql(
      `create table "lecture_entry_config" ("id" serial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "entry_id" int not null, "lecture_enabled" boolean not null default false, "override_module_default" boolean not null default false, "calculate_attendance_rate" boolean null, "required_attendance_rate" double precision null, "course_calendar_sync_enabled" boolean null, "teacher_calendar_sync_enabled" boolean null, "roll_call_enabled" boolean null);`,
    );
    this.addSql(`alter table "lecture_entry_config" add constraint "lecture_entry_config_entry_id_unique" unique ("entry_id");`);

    this.addSql(
      `create table "lecture_block" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "external_id" varchar(255) null, "managed_flags" varchar(255) null, "entry_id" int not null, "curriculum_element_id" int null, "external_ref" varchar(255) null, "title" varchar(255) null, "description" text null, "preparation" text null, "location" varchar(255) null, "comment" text null, "start_date" timestamptz null, "end_date" timestamptz null, "compulsory" boolean not null default true, "planned_lectures" int not null default 0, "status" varchar(16) not null default 'active', "roll_call_status" varchar(16) not null default 'open', "auto_closed_date" timestamptz null, "meeting_title" varchar(255) null, "meeting_url" varchar(2048) null, "recording_url" varchar(2048) null);`,
    );
    this.addSql(`create index "lecture_block_curriculum_element_id_index" on "lecture_block" ("curriculum_element_id");`);
    this.addSql(`create index "lecture_block_external_id_index" on "lecture_block" ("external_id") where "external_id" is not null;`);
    this.addSql(`create index "lecture_block_start_date_end_date_index" on "lecture_block" ("start_date", "end_date");`);
    this.addSql(`create index "lecture_block_entry_id_start_date_index" on "lecture_block" ("entry_id", "start_date");`);

    this.addSql(
      `create table "lecture_block_teacher" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "block_id" bigint not null, "identity_id" int not null);`,
    );
    this.addSql(`create index "lecture_block_teacher_identity_id_index" on "lecture_block_teacher" ("identity_id");`);
    this.addSql(`alter table "lecture_block_teacher" add constraint "lecture_block_teacher_block_id_identity_id_unique" unique ("block_id", "identity_id");`);

    this.addSql(
      `create table "lecture_block_roll_call" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "block_id" bigint not null, "identity_id" int not null, "lectures_attended_number" int null, "lectures_absent_number" int null, "comment" text null, "absence_reason" text null, "absence_authorized" boolean null, "absence_supervisor_notification_date" timestamptz null);`,
    );
    this.addSql(`create index "lecture_block_roll_call_identity_id_index" on "lecture_block_roll_call" ("identity_id");`);
    this.addSql(
      `alter table "lecture_block_roll_call" add constraint "lecture_block_roll_call_block_id_identity_id_unique" unique ("block_id", "identity_id");`,
    );

    this.addSql(
      `create table "lecture_block_participant_group" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "block_id" bigint not null, "entry_id" int null, "element_id" int null, constraint "lecture_block_participant_group_one_source" check (("entry_id" is null) <> ("element_id" is null)));`,
    );
    this.addSql(`create index "lecture_block_participant_group_entry_id_index" on "lecture_block_participant_group" ("entry_id");`);
    this.addSql(`create index "lecture_block_participant_group_element_id_index" on "lecture_block_participant_group" ("element_id");`);
    this.addSql(
      `create unique index "lecture_block_participant_group_element_unique" on "lecture_block_participant_group" ("block_id", "element_id") where "element_id" is not null;`,
    );
    this.addSql(
      `create unique index "lecture_block_participant_group_entry_unique" on "lecture_block_participant_group" ("block_id", "entry_id") where "entry_id" is not null;`,
    );

    this.addSql(
      `create table "calendar_event" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "calendar_type" varchar(8) not null, "owner_key" int not null, "event_id" varchar(255) not null, "recurrence_id" varchar(255) null, "subject" text not null, "description" text null, "location" varchar(1024) null, "color" varchar(64) null, "begin" timestamptz not null, "end" timestamptz not null, "all_day" boolean not null default false, "classification" smallint not null default 0, "live_stream_url" varchar(2048) null, "links" jsonb null, "managed_flags" varchar(255) null, "external_id" varchar(255) null, "external_source" varchar(255) null, "lecture_block_id" bigint null);`,
    );
    this.addSql(`create index "calendar_event_lecture_block_id_index" on "calendar_event" ("lecture_block_id");`);
    this.addSql(`create index "calendar_event_calendar_type_owner_key_begin_index" on "calendar_event" ("calendar_type", "owner_key", "begin");`);
    this.addSql(
      `create unique index "calendar_event_id_unique" on "calendar_event" ("calendar_type", "owner_key", "event_id", coalesce("recurrence_id", ''));`,
    );

    this.addSql(
      `create table "lecture_block_taxonomy_level" ("id" bigserial primary key, "creation_date" timestamptz not null default now(), "last_modified" timestamptz not null default now(), "block_id" bigint not null, "level_id" int not null);`,
    );
    this.addSql(`create index "lecture_block_taxonomy_level_level_id_index" on "lecture_block_taxonomy_level" ("level_id");`);
    this.addSql(
      `alter table "lecture_block_taxonomy_level" add constraint "lecture_block_taxonomy_level_block_id_level_id_unique" unique ("block_id", "level_id");`,
    );

    this.addSql(
      `alter table "calendar_feed_token" add constraint "calendar_feed_token_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "lecture_entry_config" add constraint "lecture_entry_config_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "lecture_block" add constraint "lecture_block_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block" add constraint "lecture_block_curriculum_element_id_foreign" foreign key ("curriculum_element_id") references "curriculum_element" ("id") on update cascade on delete set null;`,
    );

    this.addSql(
      `alter table "lecture_block_teacher" add constraint "lecture_block_teacher_block_id_foreign" foreign key ("block_id") references "lecture_block" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block_teacher" add constraint "lecture_block_teacher_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "lecture_block_roll_call" add constraint "lecture_block_roll_call_block_id_foreign" foreign key ("block_id") references "lecture_block" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block_roll_call" add constraint "lecture_block_roll_call_identity_id_foreign" foreign key ("identity_id") references "identity" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "lecture_block_participant_group" add constraint "lecture_block_participant_group_block_id_foreign" foreign key ("block_id") references "lecture_block" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block_participant_group" add constraint "lecture_block_participant_group_entry_id_foreign" foreign key ("entry_id") references "repository_entry" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block_participant_group" add constraint "lecture_block_participant_group_element_id_foreign" foreign key ("element_id") references "curriculum_element" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "calendar_event" add constraint "calendar_event_lecture_block_id_foreign" foreign key ("lecture_block_id") references "lecture_block" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "lecture_block_taxonomy_level" add constraint "lecture_block_taxonomy_level_block_id_foreign" foreign key ("block_id") references "lecture_block" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "lecture_block_taxonomy_level" add constraint "lecture_block_taxonomy_level_level_id_foreign" foreign key ("level_id") references "taxonomy_level" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "lecture_block_teacher" drop constraint "lecture_block_teacher_block_id_foreign";`);

    this.addSql(`alter table "lecture_block_roll_call" drop constraint "lecture_block_roll_call_block_id_foreign";`);

    this.addSql(`alter table "lecture_block_participant_group" drop constraint "lecture_block_participant_group_block_id_foreign";`);

    this.addSql(`alter table "calendar_event" drop constraint "calendar_event_lecture_block_id_foreign";`);

    this.addSql(`alter table "lecture_block_taxonomy_level" drop constraint "lecture_block_taxonomy_level_block_id_foreign";`);

    this.addSql(`drop table if exists "calendar_feed_token" cascade;`);

    this.addSql(`drop table if exists "lecture_entry_config" cascade;`);

    this.addSql(`drop table if exists "lecture_block" cascade;`);

    this.addSql(`drop table if exists "lecture_block_teacher" cascade;`);

    this.addSql(`drop table if exists "lecture_block_roll_call" cascade;`);

    this.addSql(`drop table if exists "lecture_block_participant_group" cascade;`);

    this.addSql(`drop table if exists "calendar_event" cascade;`);

    this.addSql(`drop table if exists "lecture_block_taxonomy_level" cascade;`);
  }
}
