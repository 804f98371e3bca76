// Client-side checks of the profile and password forms. They mirror the API's rules
// (@shop/contract/account) so a bad field is caught before anything is sent; each error is an
// i18n key plus its interpolation values.
import { NICKNAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/domain/account';
import type { TranslationKey } from '../../i18n/instance';
import type { ProfileChanges } from '../../stores/user';

export const NAME_MAX_LENGTH = 32;
export const BIRTHDAY_MIN = '1900-01-01';

export interface FieldError {
  key: TranslationKey;
  values?: Record<string, number>;
}

export interface ProfileValues {
  nickname: string;
  sex: 0 | 1 | 2;
  birthday: string;
  name: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, FieldError>>;

export function toSex(value: number): 0 | 1 | 2 {
  return value === 1 || value === 2 ? value : 0;
}

/** yyyy-mm-dd of a date in the browser's own calendar (what a date input shows). */
export function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export function validateProfile(values: ProfileValues, today: string): ProfileErrors {
  const errors: ProfileErrors = {};
  const nickname = values.nickname.trim();
  if (!nickname) errors.nickname = { key: 'profile.errors.nicknameRequired' };
  else if (nickname.length > NICKNAME_MAX_LENGTH)
    errors.nickname = { key: 'profile.errors.nicknameTooLong', values: { max: NICKNAME_MAX_LENGTH } };
  if (values.name.trim().length > NAME_MAX_LENGTH)
    errors.name = { key: 'profile.errors.nameTooLong', values: { max: NAME_MAX_LENGTH } };
  if (values.birthday) {
    if (!isRealDate(values.birthday) || values.birthday < BIRTHDAY_MIN)
      errors.birthday = { key: 'profile.errors.birthdayInvalid' };
    else if (values.birthday > today) errors.birthday = { key: 'profile.errors.birthdayFuture' };
  }
  return errors;
}

/** Only the fields that differ from the saved profile (trimmed); empty when nothing changed. */
export function profileChanges(
  values: ProfileValues,
  saved: { nickname: string; sex: number; birthday: string; name: string },
): ProfileChanges {
  const changes: ProfileChanges = {};
  const nickname = values.nickname.trim();
  const name = values.name.trim();
  if (nickname !== saved.nickname) changes.nickname = nickname;
  if (values.sex !== saved.sex) changes.sex = values.sex;
  if (values.birthday !== saved.birthday) changes.birthday = values.birthday;
  if (name !== saved.name) changes.name = name;
  return changes;
}

export interface PasswordValues {
  current: string;
  password: string;
  confirm: string;
}

export type PasswordErrors = Partial<Record<keyof PasswordValues, FieldError>>;

export function validatePassword(values: PasswordValues): PasswordErrors {
  const errors: PasswordErrors = {};
  if (!values.current) errors.current = { key: 'password.errors.currentRequired' };
  if (values.password.length < PASSWORD_MIN_LENGTH)
    errors.password = { key: 'password.errors.tooShort', values: { min: PASSWORD_MIN_LENGTH } };
  else if (values.password.length > PASSWORD_MAX_LENGTH)
    errors.password = { key: 'password.errors.tooLong', values: { max: PASSWORD_MAX_LENGTH } };
  else if (values.current && values.password === values.current)
    errors.password = { key: 'password.errors.sameAsCurrent' };
  if (!values.confirm) errors.confirm = { key: 'password.errors.confirmRequired' };
  else if (values.confirm !== values.password) errors.confirm = { key: 'password.errors.mismatch' };
  return errors;
}
