// Account rules shared by the API and the forms (issue 4).
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NICKNAME_MAX_LENGTH = 32;

export type AccountKind = 'email' | 'phone';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,185}\.[^\s@]{2,63}$/;
/** Mainland mobile numbers, optionally with +86, or an international number in E.164. */
const PHONE = /^(?:\+?86)?1[3-9]\d{9}$|^\+[1-9]\d{7,14}$/;

/** Whether a login account is an email or a phone number; undefined when it is neither. */
export function accountKind(account: string): AccountKind | undefined {
  const value = account.trim();
  if (EMAIL.test(value)) return 'email';
  if (PHONE.test(value.replace(/[\s-]/g, ''))) return 'phone';
  return undefined;
}

/** The stored form of an account: emails lower-cased, phones without spaces, dashes or +86. */
export function normalizeAccount(account: string, kind: AccountKind): string {
  const value = account.trim();
  if (kind === 'email') return value.toLowerCase();
  return value.replace(/[\s-]/g, '').replace(/^\+?86(?=1[3-9]\d{9}$)/, '');
}
