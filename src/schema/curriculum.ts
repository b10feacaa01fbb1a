import { registerEnumType } from 'type-graphql';
import { NAMED, STYLED, dateTime, long, text, wireType } from './wire-shape';

/** OpenOLAT's CurriculumVO (catalogue 3.5), the "product" of the source document. */
export const [CurriculumVO, CurriculumVOInput] = wireType(
  { name: 'CurriculumVO', inputDescription: 'A CurriculumVO as a client sends it. Absent fields keep their value, null clears it.' },
  {
    ...NAMED,
    status: text.nullable.describe('A free string, typically active.'),
    degree: text.nullable,
    externalId: text.nullable.managed('externalId'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags (catalogue 4.4), normalised.').managed('any'),
    organisationKey: long.nullable.managed('move'),
  },
);
export type CurriculumVO = InstanceType<typeof CurriculumVO>;
export type CurriculumVOInput = InstanceType<typeof CurriculumVOInput>;

/** OpenOLAT's CurriculumElementVO (catalogue 3.5). */
export const [CurriculumElementVO, CurriculumElementVOInput] = wireType(
  {
    name: 'CurriculumElementVO',
    inputDescription:
      'A CurriculumElementVO as a client sends it. Absent fields keep their value, null clears it; a changed parentElementKey moves the element with its sub-elements.',
  },
  {
    key: long,
    identifier: text.nullable.managed('identifier'),
    displayName: text.managed('displayName'),
    description: text.nullable.managed('description'),
    status: text.nullable
      .describe('preparation, provisional, confirmed, active, cancelled, finished, inactive or deleted (catalogue 5.2)')
      .describeInput('A status of catalogue 5.2; blank keeps the status')
      .managed('status'),
    beginDate: dateTime.nullable.managed('dates'),
    endDate: dateTime.nullable.managed('dates'),
    externalId: text.nullable.managed('externalId'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags (catalogue 4.5), normalised.').managed('any'),
    calendars: text.nullable.describe('enabled, disabled or inherited').managed('calendars'),
    parentElementKey: long.nullable.managed('move'),
    curriculumKey: long.managed('move'),
    curriculumElementTypeKey: long.nullable.managed('type'),
  },
);
export type CurriculumElementVO = InstanceType<typeof CurriculumElementVO>;
export type CurriculumElementVOInput = InstanceType<typeof CurriculumElementVOInput>;

/** OpenOLAT's CurriculumElementTypeVO (catalogue 3.5). */
export const [CurriculumElementTypeVO, CurriculumElementTypeVOInput] = wireType(
  { name: 'CurriculumElementTypeVO', inputDescription: 'A CurriculumElementTypeVO as a client sends it. Absent fields keep their value, null clears it.' },
  {
    ...STYLED,
    externalId: text.nullable.managed('externalId'),
    managedFlagsString: text.nullable.describe('Comma-separated managed flags (catalogue 4.6), normalised.').managed('any'),
    calendars: text.nullable.describe('enabled, disabled or inherited').outputExtensions({ xmlAttribute: true }).managed('calendars'),
    lectures: text.nullable.describe('enabled, disabled or inherited').outputExtensions({ xmlAttribute: true }).managed('lectures'),
  },
);
export type CurriculumElementTypeVO = InstanceType<typeof CurriculumElementTypeVO>;
export type CurriculumElementTypeVOInput = InstanceType<typeof CurriculumElementTypeVOInput>;

/** OpenOLAT's CurriculumElementMemberVO (catalogue 3.5). */
export const [CurriculumElementMemberVO, CurriculumElementMemberVOInput] = wireType(
  { name: 'CurriculumElementMemberVO' },
  {
    identityKey: long,
    role: text.describe('A curriculum role (catalogue 5.8)').describeInput('A curriculum role (catalogue 5.8)'),
    inheritanceMode: text.nullable.describe('none, root or inherited').describeInput('none, root or inherited; absent: the role default'),
  },
);
export type CurriculumElementMemberVO = InstanceType<typeof CurriculumElementMemberVO>;
export type CurriculumElementMemberVOInput = InstanceType<typeof CurriculumElementMemberVOInput>;

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
