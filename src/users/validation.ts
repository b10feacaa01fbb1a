import type { ErrorDetail } from '../domain/errors';
import { mandatory, tooLong, tooLongValues } from '../domain/validation';
import { emailError, nameError, propertyErrors } from './properties';
import type { UserVOInput } from '../schema/users';

export const loginTaken: ErrorDetail = {
  code: 'org.olat.admin.user:new.error.loginname.choosen',
  translation: 'This user name already exists.',
};

/** OpenOLAT's code for an e-mail in use (UserWebService.validateProperty), listed right after the e-mail's place among the field errors. */
export const emailTaken: ErrorDetail = {
  code: 'org.olat.user.propertyhandlers:new.form.name.email.exists',
  translation: 'This e-mail address is already in use.',
};

let loginPattern: RegExp | undefined;

/** The pattern logins must match on creation and on a login change (`LOGIN_PATTERN`, set at start-up from the configuration). */
export function configureLoginPattern(pattern: RegExp): void {
  loginPattern = pattern;
}

/**
 * OpenOLAT's rule (catalogue 2.1: at least 3 characters, no "/", no control characters), then the
 * configured pattern on the login as it will be stored (trimmed); both answer OpenOLAT's code.
 */
export function validateLogin(login: string | null | undefined): ErrorDetail[] {
  if (login && login.length > 128) return [tooLong('login')];
  // eslint-disable-next-line no-control-regex
  if (!login || login.trim().length < 3 || login.includes('/') || /[\u0000-\u001f\u007f]/.test(login)) {
    return [{ code: 'org.olat.admin.user:new.error.loginname.empty', translation: 'The user name must have at least 3 characters and no "/".' }];
  }
  if (loginPattern && !loginPattern.test(login.trim())) {
    return [
      {
        code: 'org.olat.admin.user:new.error.loginname.empty',
        translation: `The user name does not match the allowed pattern ${loginPattern.source}.`,
      },
    ];
  }
  return [];
}

/**
 * The UserVO checks OpenOLAT answers with 406 and a list of ErrorVO, one per field, in its order
 * (UserWebService.validateUser: firstName, lastName, email, then the other properties, each by its property handler,
 * src/users/properties.ts); a valid e-mail that `emailInUse` says another person has is listed in the e-mail's place.
 */
export function validateUserFields(input: UserVOInput, emailInUse = false): ErrorDetail[] {
  const errors: ErrorDetail[] = [];
  for (const name of ['firstName', 'lastName'] as const) {
    const value = input[name];
    const failure = !value?.trim() ? mandatory(name) : nameError(value);
    if (failure) errors.push(failure);
  }
  const email = input.email?.trim();
  const emailFailure = !email ? mandatory('email') : (emailError(email) ?? (emailInUse ? emailTaken : null));
  if (emailFailure) errors.push(emailFailure);
  errors.push(...tooLongValues({ externalId: input.externalId }));
  errors.push(...propertyErrors(input.properties ?? []));
  for (const property of input.properties ?? []) {
    if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(property.name)) {
      errors.push({ code: `org.olat.user.propertyhandlers:unknown.property:${property.name}`, translation: `Unknown user property ${property.name}.` });
    }
  }
  return errors;
}
