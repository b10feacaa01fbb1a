import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatabaseNotifications } from '../db/notifications';
import { sql } from '../db/sql';
import { transaction } from '../db/transaction';

/** The administrator's switches (catalogue 1.1), shared by every instance through the database. */
export interface GatewaySettings {
  /** Off: every /restapi request outside the always-enabled prefixes gets 403. */
  restEnabled: boolean;
  /** Off: GraphQL callers may change managed elements too. */
  managedEnforced: boolean;
  /** `apikey`: only API-key logins (and tokens and sessions they opened) are accepted on REST. */
  apiAccess: 'all' | 'apikey';
  /** Whether people may generate API keys for themselves. */
  userApiKeyGeneration: boolean;
  /** Whether SCIM's enterprise `organization` and `department` make the person a member of the organisation with that identifier. */
  scimOrganisationMemberships: boolean;
}

export type SettingName = keyof GatewaySettings;

/** The settings while the administrator has changed none: the start configuration's (REST_ENABLED, MANAGED_FLAGS_ENFORCED), else fixed. */
export const defaultSettings = (config: { restEnabled: boolean; managedFlagsEnforced: boolean }): GatewaySettings => ({
  restEnabled: config.restEnabled,
  managedEnforced: config.managedFlagsEnforced,
  apiAccess: 'all',
  userApiKeyGeneration: false,
  scimOrganisationMemberships: true,
});

export const SETTING_NAMES: readonly SettingName[] = ['restEnabled', 'managedEnforced', 'apiAccess', 'userApiKeyGeneration', 'scimOrganisationMemberships'];

const CHANNEL = 'gateway_settings';

/** Parses a setting's text form; throws on a value the setting does not take. */
export function parseSetting(name: SettingName, value: string): GatewaySettings[SettingName] {
  if (name === 'apiAccess') {
    if (value !== 'all' && value !== 'apikey') throw new Error(`apiAccess is "all" or "apikey", not "${value}"`);
    return value;
  }
  if (value !== 'true' && value !== 'false') throw new Error(`${name} is true or false, not "${value}"`);
  return value === 'true';
}

/**
 * Settings as this instance knows them. A change is written to app_setting and announced with
 * NOTIFY; every instance LISTENs and reloads, and reloads every few seconds as well in case a
 * notification was missed (a dropped connection).
 */
export class SettingsStore {
  private values: GatewaySettings;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly em: EntityManager,
    notifications: DatabaseNotifications,
    private readonly defaults: GatewaySettings,
    private readonly refreshMs = 5000,
  ) {
    this.values = { ...defaults };
    notifications.on(CHANNEL, () => void this.reload().catch(() => undefined));
  }

  current(): GatewaySettings {
    return this.values;
  }

  async start(): Promise<void> {
    await this.reload();
    this.timer = setInterval(() => void this.reload().catch(() => undefined), this.refreshMs).unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  async reload(): Promise<void> {
    this.values = await readSettings(this.em, this.defaults);
  }
}

/** The settings as stored, the defaults where none is. */
export async function readSettings(em: EntityManager, defaults: GatewaySettings): Promise<GatewaySettings> {
  const rows = await sql<{ key: string; value: string }>(em, 'select key, value from app_setting');
  const settings: GatewaySettings = { ...defaults };
  for (const row of rows) {
    if (!(SETTING_NAMES as readonly string[]).includes(row.key)) continue;
    try {
      (settings as unknown as Record<string, unknown>)[row.key] = parseSetting(row.key as SettingName, row.value);
    } catch {
      // a value written by a newer version: keep the default
    }
  }
  return settings;
}

/** Forgets the stored value of a setting (its default applies again) and tells every instance; false when none was stored. */
export async function resetSetting(em: EntityManager, name: SettingName): Promise<boolean> {
  return transaction(em, async (tx) => {
    const removed = await sql(tx, 'delete from app_setting where key = ? returning key', [name]);
    await sql(tx, `select pg_notify('${CHANNEL}', ?)`, [name]);
    return removed.length > 0;
  });
}

/** Stores a setting and tells every instance. */
export async function writeSetting(em: EntityManager, name: SettingName, value: string): Promise<void> {
  parseSetting(name, value);
  await transaction(em, async (tx) => {
    await sql(
      tx,
      `insert into app_setting (key, value, updated_at) values (?, ?, now())
                   on conflict (key) do update set value = excluded.value, updated_at = now()`,
      [name, value],
    );
    await sql(tx, `select pg_notify('${CHANNEL}', ?)`, [name]);
  });
}
