import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** An administrator's setting, shared by every instance (see src/settings). */
@Entity({ tableName: 'app_setting' })
export class AppSetting {
  @PrimaryKey({ type: 'string', length: 64 })
  key!: string;

  @Property({ type: 'string', length: 255 })
  value!: string;

  @Property({ type: 'datetime', defaultRaw: 'now()' })
  updatedAt: Date = new Date();
}
