import { describe, expect, it } from 'vitest';
import { localIsoDate, profileChanges, validatePassword, validateProfile } from './account-forms';

const TODAY = '2026-03-15';
const base = { nickname: '演示买家', sex: 0 as const, birthday: '', name: '' };

describe('validateProfile', () => {
  it('accepts a valid profile', () => {
    expect(validateProfile({ ...base, birthday: TODAY, name: '张三' }, TODAY)).toEqual({});
  });

  it('needs a nickname of at most 32 characters (trimmed)', () => {
    expect(validateProfile({ ...base, nickname: '   ' }, TODAY).nickname?.key).toBe(
      'profile.errors.nicknameRequired',
    );
    expect(validateProfile({ ...base, nickname: 'x'.repeat(33) }, TODAY).nickname).toEqual({
      key: 'profile.errors.nicknameTooLong',
      values: { max: 32 },
    });
    expect(validateProfile({ ...base, nickname: ` ${'x'.repeat(32)} ` }, TODAY)).toEqual({});
  });

  it('rejects a future or impossible birthday', () => {
    expect(validateProfile({ ...base, birthday: '2026-03-16' }, TODAY).birthday?.key).toBe(
      'profile.errors.birthdayFuture',
    );
    expect(validateProfile({ ...base, birthday: '2025-02-30' }, TODAY).birthday?.key).toBe(
      'profile.errors.birthdayInvalid',
    );
    expect(validateProfile({ ...base, birthday: '1899-12-31' }, TODAY).birthday?.key).toBe(
      'profile.errors.birthdayInvalid',
    );
  });

  it('limits the real name to 32 characters', () => {
    expect(validateProfile({ ...base, name: 'x'.repeat(33) }, TODAY).name?.key).toBe(
      'profile.errors.nameTooLong',
    );
  });
});

describe('profileChanges', () => {
  const saved = { nickname: 'a', sex: 1, birthday: '2000-01-01', name: 'b' };
  it('is empty when nothing changed (whitespace aside)', () => {
    expect(profileChanges({ nickname: ' a ', sex: 1, birthday: '2000-01-01', name: 'b ' }, saved)).toEqual(
      {},
    );
  });
  it('holds only the changed fields', () => {
    expect(profileChanges({ nickname: 'c', sex: 2, birthday: '', name: 'b' }, saved)).toEqual({
      nickname: 'c',
      sex: 2,
      birthday: '',
    });
  });
});

describe('validatePassword', () => {
  const ok = { current: 'demo1234', password: 'new-pass-1', confirm: 'new-pass-1' };
  it('accepts a valid change', () => {
    expect(validatePassword(ok)).toEqual({});
  });
  it('checks each field', () => {
    expect(validatePassword({ current: '', password: 'short', confirm: 'other' })).toEqual({
      current: { key: 'password.errors.currentRequired' },
      password: { key: 'password.errors.tooShort', values: { min: 8 } },
      confirm: { key: 'password.errors.mismatch' },
    });
    expect(validatePassword({ ...ok, password: 'x'.repeat(129), confirm: '' })).toEqual({
      password: { key: 'password.errors.tooLong', values: { max: 128 } },
      confirm: { key: 'password.errors.confirmRequired' },
    });
    expect(validatePassword({ ...ok, password: 'demo1234', confirm: 'demo1234' }).password?.key).toBe(
      'password.errors.sameAsCurrent',
    );
  });
});

it('localIsoDate uses the local calendar', () => {
  expect(localIsoDate(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
});
