import { Arg, Args, Ctx, Resolver } from 'type-graphql';
import { GuardedMutation, GuardedQuery } from './guards';
import { KeyArg, SubTypeArgs } from '../schema/arguments';
import type { RequestContext } from '../domain/context';
import { Managed, type ManagedElement } from '../managed/elements';
import { auth } from '../schema/directives';
import { SUB_TYPE_CHANGES, type TypeOperation, type TypeOperationNames } from '../schema/type-families';

/** What a family's types do (src/organisations/types.ts, src/curriculum/types.ts). */
interface TypeService<VO, Input> extends Record<TypeOperation, unknown> {
  list(ctx: RequestContext): Promise<VO[]>;
  get(ctx: RequestContext, typeKey: number): Promise<VO>;
  save(ctx: RequestContext, input: Input): Promise<VO>;
  update(ctx: RequestContext, typeKey: number, input: Input): Promise<VO>;
  allowedSubTypes(ctx: RequestContext, typeKey: number): Promise<VO[]>;
  allowSubType(ctx: RequestContext, typeKey: number, subTypeKey: number): Promise<boolean>;
  disallowSubType(ctx: RequestContext, typeKey: number, subTypeKey: number): Promise<boolean>;
}

/** A family of types with allowed sub-types, as OpenOLAT has them for organisations and curriculum elements. */
export interface TypeFamily<VO, Input> extends TypeOperationNames {
  vo: new () => VO;
  input: new () => Input;
  /** The descriptions that name the family's objects. */
  describe: { save: string; update: string; allowedSubTypes: string };
  roles: readonly string[];
  managed: ManagedElement;
  service: TypeService<VO, Input>;
}

/** The seven operations of a family's types: every type, one type, create, update, its allowed sub-types, allow and disallow one. */
export function typeOperations<VO, Input>({ vo, input, inputName, names, describe, roles, managed, service }: TypeFamily<VO, Input>) {
  const allowed = auth(...roles);

  @Resolver()
  class TypeOperations {
    @GuardedQuery(() => [vo], allowed, { name: names.list })
    list(@Ctx() ctx: RequestContext): Promise<VO[]> {
      return service.list(ctx);
    }

    @GuardedQuery(() => vo, allowed, { name: names.get })
    get(@Ctx() ctx: RequestContext, @KeyArg('typeKey') typeKey: number): Promise<VO> {
      return service.get(ctx, typeKey);
    }

    @GuardedMutation(() => vo, allowed, { name: names.save, description: describe.save })
    @Managed(managed, null)
    save(@Ctx() ctx: RequestContext, @Arg(inputName, () => input) type: Input): Promise<VO> {
      return service.save(ctx, type);
    }

    @GuardedMutation(() => vo, allowed, { name: names.update, description: describe.update })
    @Managed(managed, null)
    update(@Ctx() ctx: RequestContext, @KeyArg('typeKey') typeKey: number, @Arg(inputName, () => input) type: Input): Promise<VO> {
      return service.update(ctx, typeKey, type);
    }

    @GuardedQuery(() => [vo], allowed, { name: names.allowedSubTypes, description: describe.allowedSubTypes })
    allowedSubTypes(@Ctx() ctx: RequestContext, @KeyArg('typeKey') typeKey: number): Promise<VO[]> {
      return service.allowedSubTypes(ctx, typeKey);
    }

    @GuardedMutation(() => Boolean, allowed, { name: names.allowSubType, description: SUB_TYPE_CHANGES.allow })
    @Managed(managed, 'subTypes')
    allowSubType(@Ctx() ctx: RequestContext, @Args() { typeKey, subTypeKey }: SubTypeArgs): Promise<boolean> {
      return service.allowSubType(ctx, typeKey, subTypeKey);
    }

    @GuardedMutation(() => Boolean, allowed, { name: names.disallowSubType, description: SUB_TYPE_CHANGES.disallow })
    @Managed(managed, 'subTypes')
    disallowSubType(@Ctx() ctx: RequestContext, @Args() { typeKey, subTypeKey }: SubTypeArgs): Promise<boolean> {
      return service.disallowSubType(ctx, typeKey, subTypeKey);
    }
  }
  return TypeOperations;
}
