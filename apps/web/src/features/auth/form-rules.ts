/**
 * The login and signup forms' checks without zod, so the first screen stays small. They mirror the
 * contract's loginBodySchema / signupBodySchema (form-rules.test.ts compares them on many inputs); the
 * server still checks everything, and what only it knows (reserved names) comes back as field details.
 */
import { LIMITS } from '@plaza/contract/constants';
import { ta } from './auth-texts';
import type { LoginBody, SignupBody } from './auth-types';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const USER_NAME = /^[A-Za-z0-9_.]+$/;
// zod's default z.email() pattern, copied so the form agrees with the server.
const EMAIL = /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export function loginErrors(values: LoginBody): FieldErrors<LoginBody> {
  const errors: FieldErrors<LoginBody> = {};
  const identifier = values.identifier.trim();
  if (!identifier) errors.identifier = ta('enterIdentifier');
  else if (identifier.length > 254) errors.identifier = ta('tooLong');
  if (!values.password) errors.password = ta('enterPassword');
  else if (values.password.length > LIMITS.password.max) errors.password = ta('tooLong');
  return errors;
}

export function userNameError(raw: string): string | undefined {
  const name = raw.trim();
  if (name.length < LIMITS.userName.min) return ta('userNameMin', LIMITS.userName);
  if (name.length > LIMITS.userName.max) return ta('userNameMax', LIMITS.userName);
  if (!USER_NAME.test(name)) return ta('userNameChars');
  return undefined;
}

export function signupErrors(values: SignupBody): FieldErrors<SignupBody> {
  const errors: FieldErrors<SignupBody> = {};
  const fullName = values.fullName.trim();
  if (fullName.length < LIMITS.fullName.min) errors.fullName = ta('fullNameRequired');
  else if (fullName.length > LIMITS.fullName.max) errors.fullName = ta('fullNameMax', LIMITS.fullName);
  const userName = userNameError(values.userName);
  if (userName) errors.userName = userName;
  const email = values.email.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) errors.email = ta('emailInvalid');
  if (values.password.length < LIMITS.password.min) errors.password = ta('passwordMin', LIMITS.password);
  else if (values.password.length > LIMITS.password.max) errors.password = ta('passwordMax', LIMITS.password);
  return errors;
}
