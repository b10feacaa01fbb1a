import { Arg, Ctx, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { GATEWAY_ADMINS } from '../admin/policy';
import { queryAuditLog } from '../admin/repository';
import { closeSession } from '../auth/sessions';
import { badRequest } from '../domain/errors';
import type { RequestContext } from '../domain/context';
import { AuditLogEntryVO, AuditLogFilter, SettingsInput, SettingsVO } from '../schema/admin';
import { auth } from '../schema/directives';
import { SETTING_NAMES, writeSetting, type GatewaySettings } from '../settings/settings';

/** Administration of the gateway itself; GraphQL only, so that it stays reachable while REST is off. */
@Resolver()
export class AdminResolver {
  @GuardedQuery(() => SettingsVO, auth(...GATEWAY_ADMINS))
  settings(@Ctx() ctx: RequestContext): SettingsVO {
    return ctx.settings;
  }

  @GuardedMutation(() => SettingsVO, auth(...GATEWAY_ADMINS), {
    description: 'Change settings; every instance applies them within seconds, without a restart.',
  })
  async updateSettings(@Ctx() ctx: RequestContext, @Arg('settings', () => SettingsInput) input: SettingsInput): Promise<SettingsVO> {
    const changed: Partial<GatewaySettings> = {};
    for (const name of SETTING_NAMES) {
      const value = input[name];
      if (value == null) continue;
      try {
        await writeSetting(ctx.em, name, String(value));
      } catch (error) {
        throw badRequest((error as Error).message);
      }
      (changed as Record<string, unknown>)[name] = value;
    }
    return { ...ctx.settings, ...changed } as SettingsVO;
  }

  @GuardedQuery(() => [AuditLogEntryVO], auth(...GATEWAY_ADMINS), { description: 'Writes through either transport, newest first.' })
  auditLog(@Ctx() ctx: RequestContext, @Arg('filter', () => AuditLogFilter, { nullable: true }) filter?: AuditLogFilter): Promise<AuditLogEntryVO[]> {
    return queryAuditLog(ctx.em, filter ?? {});
  }

  @GuardedMutation(() => Boolean, auth(), { description: 'Ends the session this request came with (on every instance).' })
  async logout(@Ctx() ctx: RequestContext): Promise<boolean> {
    if (!ctx.sessionHash) return false;
    await closeSession(ctx.em, ctx.sessionHash);
    return true;
  }
}

export const adminResolvers = [AdminResolver] as const;
