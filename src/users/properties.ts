import type { ErrorDetail } from '../domain/errors';

/*
 * The rules OpenOLAT's user property handlers apply to a value in the REST context (org.olat.user.restapi.UserWebService
 * in userPropertiesContext.xml: UserWebService.validateProperty asks each handler's isValidValue). Each failing property
 * answers one ErrorVO, `org.olat.user.propertyhandlers:<key>` with the handler's English text.
 */

const PACKAGE = 'org.olat.user.propertyhandlers';
const error = (key: string, translation: string): ErrorDetail => ({ code: `${PACKAGE}:${key}`, translation });

/** Every text handler (Generic127CharTextPropertyHandler and those built on it): at most 127 characters. */
const MAX_LENGTH = 127;
const tooLong = () => error(`general.error.max.${MAX_LENGTH}`, `Value contains more than ${MAX_LENGTH} characters`);

/** Apache commons-validator's EmailValidator in short: a local part, a domain with a dot, a top-level domain of letters. */
const EMAIL = /^[^\s@"(),:;<>[\]\\]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/;
/** PhonePropertyHandler's pattern, on the lower-cased value. */
const PHONE = /^[0-9/\-+'(). e(ext.*)(extension)]+$/;
const LINKEDIN = /^https:\/\/[a-z]{2,3}\.linkedin\.com\/.*$/;
const GENDERS = ['male', 'female', '-'];

type Rule = (value: string, name: string) => ErrorDetail | null;

const email =
  (translation: string): Rule =>
  (value, name) =>
    EMAIL.test(value.trim().toLowerCase()) ? null : error(`form.name.${name}.error.valid`, translation);

const PHONE_TEXT = 'Please enter a valid phone number';
const phone: Rule = (value, name) =>
  PHONE.test(value.toLowerCase()) ? null : error(`form.name.${name}.error.valid`, name === 'telMobile' ? `${PHONE_TEXT}.` : PHONE_TEXT);

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && /^https?:\/\//.test(value);
  } catch {
    return false;
  }
}

/** A birthday as OpenOLAT's REST reads it (yyyyMMdd), or in the unambiguous ISO form; a real calendar day. */
function isDay(value: string): boolean {
  const parts = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value.trim());
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * The properties of the REST context after firstName, lastName and email, in its order (the order of the answer's
 * errors), with what each handler asks beyond the length.
 */
const RULES: [name: string, rule: Rule | null][] = [
  ['birthDay', (value) => (isDay(value) ? null : error('form.name.birthDay.error', 'Please provide a valid date.'))],
  ['gender', (value) => (GENDERS.includes(value) ? null : error('gender.error', 'Invalid gender value'))],
  ['telPrivate', phone],
  ['telMobile', phone],
  ['telOffice', phone],
  ['skype', null],
  ['xing', null],
  [
    'linkedin',
    (value) =>
      LINKEDIN.test(value)
        ? null
        : error('form.name.linkedin.error', 'Please enter a valid URL to a LinkedIn profil as https://www.linkedin.com/in/openolat-lms'),
  ],
  ['icq', (value) => (/^\d{5,16}$/.test(value) ? null : error('form.name.icq.error', 'Please indicate a valid ICQ number.'))],
  ['homepage', (value) => (isWebAddress(value) ? null : error('form.name.homepage.error.valid', 'Please enter a valid URL'))],
  ['street', null],
  ['extendedAddress', null],
  ['poBox', null],
  ['zipCode', null],
  ['region', null],
  ['city', null],
  ['country', null],
  ['institutionalName', null],
  ['institutionalUserIdentifier', null],
  ['institutionalEmail', email('Please enter a valid institutional e-mail address')],
  ['orgUnit', null],
  ['studySubject', null],
];

/** The e-mail handler's check of a given address (its presence is the mandatory check's). */
export function emailError(value: string): ErrorDetail | null {
  return value.length > MAX_LENGTH ? tooLong() : email('Please enter a valid e-mail address.')(value, 'email');
}

/** A first or last name: at most 127 characters. */
export const nameError = (value: string): ErrorDetail | null => (value.length > MAX_LENGTH ? tooLong() : null);

/**
 * The errors of the given properties, one per failing property, in the REST context's order; empty values pass (no
 * property but the names and the e-mail is mandatory there). A property no handler of the context knows is kept
 * unchecked, as OpenOLAT keeps it unread.
 */
export function propertyErrors(properties: readonly { name: string; value?: string | null }[]): ErrorDetail[] {
  const given = new Map(properties.map(({ name, value }) => [name, value ?? '']));
  return RULES.flatMap(([name, rule]) => {
    const value = given.get(name);
    if (!value) return [];
    const failure = value.length > MAX_LENGTH ? tooLong() : rule?.(value, name);
    return failure ? [failure] : [];
  });
}
