import { DeadlockException } from '@mikro-orm/core';
import { coerceInputValue, getNamedType, isObjectType, type GraphQLField, type GraphQLOutputType, type GraphQLSchema } from 'graphql';
import { managedObjects, type ObjectRef } from '../access/manage';
import { recordSetWrites, type SetWrite } from '../audit/audit-log';
import { admission } from '../auth/auth-directive';
import { objectOfResult, type WriteObject } from '../changes/objects';
import { entryRoleOf, grantRoleToSet } from '../courses/service';
import { locateEntry } from '../courses/entries';
import * as entries from '../courses/repository';
import { changeRoleOfSet } from '../curriculum/members';
import type { RequestContext } from '../domain/context';
import { DomainError } from '../domain/errors';
import { GroupRole } from '../entities/groups';
import * as groups from '../groups/repository';
import { addMembersOfSet } from '../groups/service';
import { managedCheck } from '../managed/enforcement';
import type { Logger } from '../ops/logger';
import { changePasswordsOfSet } from '../users/authentications';
import { existingPeople } from '../users/repository';
import { organisationOfNewPerson } from '../users/policy';
import { createPeople, updatePeople } from '../users/service';
import type { UserVOInput } from '../schema/users';
import type { Write } from '../graphql/writes';
import { transaction } from '../db/transaction';

/**
 * A sync's writes of one mutation for many objects at once: what the mutation asks of the caller (`@auth`,
 * `@managed`, the object policy) asked once per container, the rows written in a statement per table, the audit
 * rows and change events of all of them in two more (src/audit/audit-log.ts). A write a set writer does not take
 * (an error to report, a case it does not cover) is left to the mutation itself, which does it or answers why not.
 */
interface SetWriter {
  /** Writes with the same container are written together: the guards are asked once for them. */
  containerOf(args: Args): string;
  /** What the caller must be allowed to change (src/access/manage.ts), asked for every write of the batch at once; none: `@auth` is the rule. */
  objectOf?(args: Args): ObjectRef;
  /** Writes the set of one container: per write its result and object, or null where the mutation is left to do it. */
  write(ctx: RequestContext, args: Args[], prepared: Prepared[]): Promise<(Written | null)[]>;
}

type Args = Record<string, any>;
type Prepared = NonNullable<Write['prepared']>;
type Written = Omit<SetWrite, 'args'>;

const personKeys = (args: Args[]) => args.map((arg) => Number(arg.identityKey));

/** The people of these keys who exist, as a membership needs them. */
const existing = (ctx: RequestContext, args: Args[]) => existingPeople(ctx.em, personKeys(args));

const courseMembers = (change: 'add' | 'remove'): SetWriter => ({
  containerOf: (args) => `${args.entry}|${args.role}`,
  objectOf: (args) => ({ kind: 'entry', key: Number(args.entry) }),
  async write(ctx, args) {
    const entry = await locateEntry(ctx, String(args[0].entry));
    const people = await existing(ctx, args);
    const keys = personKeys(args).filter((key) => people.has(key));
    const role = entryRoleOf(args[0].role);
    if (change === 'add') await grantRoleToSet(ctx.em, entry, keys, role);
    else await entries.deleteMembers(ctx.em, entry.id, keys, role);
    const object: WriteObject = { type: 'course', key: String(entry.olatResourceId) };
    return personKeys(args).map((key) => (people.has(key) ? { object, result: true } : null));
  },
});

const groupMembers = (change: 'add' | 'remove', role: GroupRole): SetWriter => ({
  containerOf: (args) => String(args.groupKey),
  objectOf: (args) => ({ kind: 'group', key: Number(args.groupKey) }),
  async write(ctx, args) {
    const groupKey = Number(args[0].groupKey);
    const people = await existing(ctx, args);
    const keys = personKeys(args).filter((key) => people.has(key));
    const object: WriteObject = { type: 'group', key: String(groupKey) };
    if (change === 'remove') {
      await groups.findGroup(ctx.em, groupKey);
      await groups.deleteMembers(ctx.em, groupKey, keys, role);
      return personKeys(args).map((key) => (people.has(key) ? { object, result: true } : null));
    }
    const distinct = [...new Set(keys)];
    const added = new Map((await addMembersOfSet(ctx.em, groupKey, distinct, role)).map((result, index) => [distinct[index], result]));
    // A person listed twice: the second addition answers false, as the mutation does.
    const seen = new Set<number>();
    return personKeys(args).map((key) => {
      const result = added.get(key);
      if (result == null || seen.has(key)) return null;
      seen.add(key);
      return { object, result };
    });
  },
});

const elementMembers = (change: 'add' | 'remove'): SetWriter => ({
  containerOf: (args) => `${args.curriculumKey}|${args.elementKey}|${args.role}`,
  objectOf: (args) => ({ kind: 'curriculum', key: Number(args.curriculumKey) }),
  async write(ctx, args) {
    const people = await existing(ctx, args);
    const keys = personKeys(args).filter((key) => people.has(key));
    const { curriculumKey, elementKey, role } = args[0];
    if (!(await changeRoleOfSet(ctx.em, change, Number(curriculumKey), Number(elementKey), role, keys))) return args.map(() => null);
    const object: WriteObject = { type: 'element', key: String(elementKey) };
    return personKeys(args).map((key) => (people.has(key) ? { object, result: true } : null));
  },
});

const SET_WRITERS: Record<string, SetWriter> = {
  createUser: {
    containerOf: () => '',
    async write(ctx, args, prepared) {
      // Refused (a bound caller without a user-managing role there): each createUser answers why.
      const organisation = await organisationOfNewPerson(ctx).catch(() => null);
      if (organisation === null) return args.map(() => null);
      const people = await createPeople(
        ctx.em,
        args.map((arg, index) => ({ input: arg.user as UserVOInput, passwordHash: prepared[index].passwordHash })),
        organisation,
      );
      return people.map((user) => user && { object: objectOfResult('UserVO', user), result: user });
    },
  },
  updateUser: {
    containerOf: () => '',
    objectOf: (args) => ({ kind: 'person', key: Number(args.identityKey) }),
    async write(ctx, args) {
      const people = await updatePeople(
        ctx.em,
        args.map((arg) => ({ key: Number(arg.identityKey), input: arg.user as UserVOInput })),
      );
      return people.map((user, index) => user && { object: { type: 'user', key: String(args[index].identityKey) }, result: user });
    },
  },
  changeUserPassword: {
    containerOf: () => '',
    objectOf: (args) => ({ kind: 'person', key: Number(args.identityKey) }),
    async write(ctx, args, prepared) {
      const changed = await changePasswordsOfSet(
        ctx.em,
        args.map((arg, index) => ({
          identityKey: Number(arg.identityKey),
          password: String(arg.password?.newPassword ?? ''),
          hash: prepared[index].passwordHash,
        })),
      );
      return changed.map((result, index) => (result === null ? null : { object: { type: 'user', key: String(args[index].identityKey) }, result }));
    },
  },
  addRepositoryEntryMember: courseMembers('add'),
  removeRepositoryEntryMember: courseMembers('remove'),
  addGroupParticipant: groupMembers('add', GroupRole.participant),
  addGroupOwner: groupMembers('add', GroupRole.coach),
  removeGroupParticipant: groupMembers('remove', GroupRole.participant),
  removeGroupOwner: groupMembers('remove', GroupRole.coach),
  addCurriculumElementRoleMember: elementMembers('add'),
  removeCurriculumElementRoleMember: elementMembers('remove'),
};

/** A mutation as a set writer asks it: its `@auth` and `@managed` checks, its arguments as GraphQL coerces them, its result type. */
interface MutationGuards {
  admit(ctx: RequestContext): void;
  managed: ((args: Args, ctx: RequestContext) => Promise<void>) | null;
  argsOf(variables: Record<string, unknown>): Args;
  resultType: GraphQLOutputType;
}

const guardsBySchema = new WeakMap<GraphQLSchema, Map<string, MutationGuards>>();

function guardsOf(schema: GraphQLSchema, name: string): MutationGuards {
  let byName = guardsBySchema.get(schema);
  if (!byName) guardsBySchema.set(schema, (byName = new Map()));
  let guards = byName.get(name);
  if (!guards) {
    const mutationType = schema.getMutationType()!;
    const config = mutationType.toConfig().fields[name];
    const field: GraphQLField<unknown, unknown> = mutationType.getFields()[name];
    guards = {
      admit: admission(schema, name, config),
      managed: managedCheck(schema, config),
      // As graphql-js hands arguments to a resolver: in their declared order, a missing one by its default or absent.
      argsOf: (variables) => {
        const args: Args = {};
        for (const arg of field.args) {
          if (variables[arg.name] !== undefined) args[arg.name] = coerceInputValue(variables[arg.name], arg.type);
          else if (arg.defaultValue !== undefined) args[arg.name] = arg.defaultValue;
        }
        return args;
      },
      resultType: field.type,
    };
    byName.set(name, guards);
  }
  return guards;
}

/** What runWrite answers for a result: an object's key, or the mutation's scalar. */
const answerOf = (result: unknown, resultType: GraphQLOutputType) =>
  isObjectType(getNamedType(resultType)) ? ((result as { key?: unknown } | null)?.key ?? null) : result;

/**
 * Writes what set writers take of a batch's writes, in the batch's transaction, each container in a savepoint of its
 * own. Answers the results of the writes done, by index, as runWrite answers them; the others are left to runWrite.
 */
export async function writeSets(
  schema: GraphQLSchema,
  ctx: RequestContext,
  writes: readonly (Write | undefined)[],
  logger: Logger,
): Promise<Map<number, unknown>> {
  const results = new Map<number, unknown>();
  const byMutation = new Map<string, number[]>();
  for (const [index, write] of writes.entries()) {
    if (write && !write.readFirst && SET_WRITERS[write.mutation]) byMutation.set(write.mutation, [...(byMutation.get(write.mutation) ?? []), index]);
  }
  for (const [name, indexes] of byMutation) {
    const writer = SET_WRITERS[name];
    const guards = guardsOf(schema, name);
    try {
      guards.admit(ctx);
    } catch {
      continue;
    }
    const taken = indexes.map((index) => ({ index, args: guards.argsOf(writes[index]!.variables), prepared: writes[index]!.prepared ?? {} }));
    // What the caller may not change is left to the mutation, which answers so.
    const allowed = writer.objectOf
      ? await managedObjects(
          ctx,
          taken.map((write) => writer.objectOf!(write.args)),
        )
      : () => true;
    const byContainer = new Map<string, typeof taken>();
    for (const write of taken) {
      if (writer.objectOf && !allowed(writer.objectOf(write.args))) continue;
      const container = writer.containerOf(write.args);
      byContainer.set(container, [...(byContainer.get(container) ?? []), write]);
    }
    for (const set of byContainer.values()) {
      const args = set.map((member) => member.args);
      let written: (Written | null)[];
      try {
        written = await transaction(ctx.em, async (em) => {
          const inner = { ...ctx, em };
          await guards.managed?.(args[0], inner);
          const done = await writer.write(
            inner,
            args,
            set.map((member) => member.prepared),
          );
          await recordSetWrites(
            em,
            inner,
            name,
            guards.resultType,
            done.flatMap((one, n) => (one ? [{ ...one, args: args[n] }] : [])),
          );
          return done;
        });
      } catch (error) {
        if (error instanceof DeadlockException) throw error;
        // The mutation, object by object, answers each one's error.
        if (!(error instanceof DomainError)) logger.warn({ err: error, mutation: name }, 'a set write failed; its objects are written one by one');
        continue;
      }
      for (const [n, one] of written.entries()) if (one) results.set(set[n].index, answerOf(one.result, guards.resultType));
    }
  }
  return results;
}
