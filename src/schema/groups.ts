import { Directive, Field, InputType, Int, ObjectType } from 'type-graphql';
import { managed } from './directives';
import { PageOf } from './paging';
import { LongScalar } from './scalars';

/** OpenOLAT's GroupVO (catalogue 3.2). */
@ObjectType('GroupVO')
export class GroupVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags, stored as received.' })
  managedFlags!: string | null;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  type!: string;

  @Field(() => Int, { nullable: true })
  minParticipants!: number | null;

  @Field(() => Int, { nullable: true })
  maxParticipants!: number | null;
}

@InputType('GroupVOInput', { description: 'A GroupVO as a client sends it; `type` is ignored (always LearningGroup).' })
export class GroupVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlags?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'title'))
  name?: string | null;

  @Field(() => String, { nullable: true })
  type?: string | null;

  @Field(() => Int, { nullable: true })
  @Directive(managed(null, 'settings'))
  minParticipants?: number | null;

  @Field(() => Int, { nullable: true })
  @Directive(managed(null, 'settings'))
  maxParticipants?: number | null;
}

/** A page of groups (catalogue 3.2 GroupVOes). */
export const GroupVOes = PageOf(GroupVO, { name: 'GroupVOes', xmlRoot: 'groups', items: 'groups', xmlItem: 'group' });
export type GroupVOes = InstanceType<typeof GroupVOes>;
