import { Directive, Extensions, Field, InputType, ObjectType, registerEnumType } from 'type-graphql';
import { managed } from './directives';
import { DateTimeScalar, LongScalar } from './scalars';

/** OpenOLAT's CurriculumVO (catalogue 3.5), the "product" of the source document. */
@ObjectType('CurriculumVO')
export class CurriculumVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'A free string, typically active.' })
  status!: string | null;

  @Field(() => String, { nullable: true })
  degree!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.4), normalised.' })
  managedFlagsString!: string | null;

  @Field(() => LongScalar, { nullable: true })
  organisationKey!: number | null;
}

@InputType('CurriculumVOInput', { description: 'A CurriculumVO as a client sends it. Absent fields keep their value, null clears it.' })
export class CurriculumVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  status?: string | null;

  @Field(() => String, { nullable: true })
  degree?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'move'))
  organisationKey?: number | null;
}

/** OpenOLAT's CurriculumElementVO (catalogue 3.5). */
@ObjectType('CurriculumElementVO')
export class CurriculumElementVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String, { nullable: true })
  identifier!: string | null;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true, description: 'preparation, provisional, confirmed, active, cancelled, finished, inactive or deleted (catalogue 5.2)' })
  status!: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  beginDate!: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  endDate!: Date | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.5), normalised.' })
  managedFlagsString!: string | null;

  @Field(() => String, { nullable: true, description: 'enabled, disabled or inherited' })
  calendars!: string | null;

  @Field(() => LongScalar, { nullable: true })
  parentElementKey!: number | null;

  @Field(() => LongScalar)
  curriculumKey!: number;

  @Field(() => LongScalar, { nullable: true })
  curriculumElementTypeKey!: number | null;
}

@InputType('CurriculumElementVOInput', {
  description:
    'A CurriculumElementVO as a client sends it. Absent fields keep their value, null clears it; a changed parentElementKey moves the element with its sub-elements.',
})
export class CurriculumElementVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true, description: 'A status of catalogue 5.2; blank keeps the status' })
  @Directive(managed(null, 'status'))
  status?: string | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  beginDate?: Date | null;

  @Field(() => DateTimeScalar, { nullable: true })
  @Directive(managed(null, 'dates'))
  endDate?: Date | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'calendars'))
  calendars?: string | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'move'))
  parentElementKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'move'))
  curriculumKey?: number | null;

  @Field(() => LongScalar, { nullable: true })
  @Directive(managed(null, 'type'))
  curriculumElementTypeKey?: number | null;
}

/** OpenOLAT's CurriculumElementTypeVO (catalogue 3.5). */
@ObjectType('CurriculumElementTypeVO')
export class CurriculumElementTypeVO {
  @Field(() => LongScalar)
  key!: number;

  @Field(() => String)
  identifier!: string;

  @Field(() => String)
  displayName!: string;

  @Field(() => String, { nullable: true })
  description!: string | null;

  @Field(() => String, { nullable: true })
  cssClass!: string | null;

  @Field(() => String, { nullable: true })
  externalId!: string | null;

  @Field(() => String, { nullable: true, description: 'Comma-separated managed flags (catalogue 4.6), normalised.' })
  managedFlagsString!: string | null;

  @Field(() => String, { nullable: true, description: 'enabled, disabled or inherited' })
  @Extensions({ xmlAttribute: true })
  calendars!: string | null;

  @Field(() => String, { nullable: true, description: 'enabled, disabled or inherited' })
  @Extensions({ xmlAttribute: true })
  lectures!: string | null;
}

@InputType('CurriculumElementTypeVOInput', { description: 'A CurriculumElementTypeVO as a client sends it. Absent fields keep their value, null clears it.' })
export class CurriculumElementTypeVOInput {
  @Field(() => LongScalar, { nullable: true })
  key?: number | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'identifier'))
  identifier?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'displayName'))
  displayName?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'description'))
  description?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'cssClass'))
  cssClass?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'externalId'))
  externalId?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'any'))
  managedFlagsString?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'calendars'))
  calendars?: string | null;

  @Field(() => String, { nullable: true })
  @Directive(managed(null, 'lectures'))
  lectures?: string | null;
}

/** OpenOLAT's CurriculumElementMemberVO (catalogue 3.5). */
@ObjectType('CurriculumElementMemberVO')
export class CurriculumElementMemberVO {
  @Field(() => LongScalar)
  identityKey!: number;

  @Field(() => String, { description: 'A curriculum role (catalogue 5.8)' })
  role!: string;

  @Field(() => String, { nullable: true, description: 'none, root or inherited' })
  inheritanceMode!: string | null;
}

@InputType('CurriculumElementMemberVOInput')
export class CurriculumElementMemberVOInput {
  @Field(() => LongScalar, { nullable: true })
  identityKey?: number | null;

  @Field(() => String, { nullable: true, description: 'A curriculum role (catalogue 5.8)' })
  role?: string | null;

  @Field(() => String, { nullable: true, description: 'none, root or inherited; absent: the role default' })
  inheritanceMode?: string | null;
}

/** The member lists of a curriculum element, named as in their REST paths (…/elements/{e}/participants). */
export enum CurriculumElementMemberList {
  participants = 'participants',
  coaches = 'coaches',
  owners = 'owners',
  mastercoaches = 'mastercoaches',
  curriculumelementowners = 'curriculumelementowners',
}
registerEnumType(CurriculumElementMemberList, {
  name: 'CurriculumElementMemberList',
  description: 'participants, coaches, owners, mastercoaches or curriculumelementowners.',
});
