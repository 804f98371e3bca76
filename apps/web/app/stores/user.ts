import { create } from 'zustand';
import { api } from '../lib/api';
import { greeting } from '@shop/domain/greeting';
import { isApiError } from '../lib/http';
import { message, notify } from '../lib/notify';
import { readToken, writeToken } from '../lib/token-storage';
import { currentLocale, fixedT } from '../i18n/instance';
import { useCartStore } from './cart';
import type { changePasswordBody, profileBody } from '@shop/contract/account';
import type { z } from 'zod';

/** POST /api/front/user/info: the changed profile fields only. */
export type ProfileChanges = z.input<typeof profileBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;

// SPEC §3 "User" and §4 "User" states. Only the token is persisted (token-storage.ts).
export interface UserInfo {
  id: number;
  id_card_code: string;
  is_real: number;
  balance: string;
  avatar: string;
  birthday: string;
  email: string;
  is_usable: number;
  name: string;
  nickname: string;
  openid: string;
  phone: string;
  sex: number;
}

export const EMPTY_USER: UserInfo = {
  id: 0,
  id_card_code: '',
  is_real: 0,
  balance: '0.00',
  avatar: '',
  birthday: '',
  email: '',
  is_usable: 0,
  name: '',
  nickname: '',
  openid: '',
  phone: '',
  sex: 0,
};

export interface LoginCredentials {
  account: string;
  password: string;
  captcha_key?: string;
  captcha_code?: string;
}

export interface RegisterDetails {
  account: string;
  code: string;
  password: string;
  nickname?: string;
}

export class LoginError extends Error {
  override readonly name = 'LoginError';
}

export interface UserState {
  token: string;
  info: UserInfo;
  loaded: boolean;
  loading: boolean;
  /** False until the browser has read the stored token (the server never knows it). */
  tokenChecked: boolean;
  restoreToken(): void;
  fetchInfo(): Promise<void>;
  login(credentials: LoginCredentials): Promise<void>;
  /** Creates the account; on a token it logs in exactly like login(). */
  register(details: RegisterDetails): Promise<void>;
  logout(): Promise<void>;
  /** Saves profile fields and keeps the answer as the user info. */
  updateProfile(changes: ProfileChanges): Promise<UserInfo>;
  /** Changes the password; the server revokes every token, so the returned one is stored. */
  changePassword(body: ChangePasswordBody): Promise<void>;
  reset(): void;
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function int(value: unknown): number {
  const n = Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : 0;
}

export function normaliseUserInfo(raw: unknown): UserInfo {
  const source = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    id: int(source.id),
    id_card_code: text(source.id_card_code),
    is_real: int(source.is_real),
    balance: text(source.balance) || EMPTY_USER.balance,
    avatar: text(source.avatar),
    birthday: text(source.birthday),
    email: text(source.email),
    is_usable: int(source.is_usable),
    name: text(source.name),
    nickname: text(source.nickname),
    openid: text(source.openid),
    phone: text(source.phone),
    sex: int(source.sex ?? EMPTY_USER.sex),
  };
}

let infoInFlight: Promise<void> | null = null;

export const useUserStore = create<UserState>()((set, get) => {
  /**
   * SPEC §4: the common success path of login and register: token stored, greeting, user info. The
   * greeting by hour is followed by "welcome back" after a login and "welcome to …" after signing up.
   */
  async function acceptToken(data: { token?: unknown } | null, welcome: 'back' | 'new' = 'back') {
    const token = typeof data?.token === 'string' ? data.token : '';
    const t = fixedT(currentLocale());
    // SPEC §4: login succeeds only if the response holds a token.
    if (!token) {
      const text = t('auth.loginServiceError');
      message.error(text);
      throw new LoginError(text);
    }
    writeToken(token);
    set({ token, tokenChecked: true, loaded: false, info: EMPTY_USER });
    notify.success(greeting(new Date().getHours(), currentLocale()), {
      description: welcome === 'new' ? t('auth.welcomeNew', { brand: t('brand.name') }) : t('auth.welcome'),
    });
    await get().fetchInfo();
  }

  return {
    token: '',
    info: EMPTY_USER,
    loaded: false,
    loading: false,
    tokenChecked: false,

    restoreToken() {
      if (get().tokenChecked) return;
      set({ token: readToken(), tokenChecked: true });
    },

    fetchInfo() {
      infoInFlight ??= (async () => {
        const tokenAtStart = get().token;
        set({ loading: true });
        try {
          const info = normaliseUserInfo(await api.get<unknown>('/api/front/user/info'));
          if (get().token !== tokenAtStart) return; // logged out meanwhile
          // SPEC §4: user info without an id resets all user data.
          if (!info.id) {
            get().reset();
            return;
          }
          set({ info, loaded: true });
          void useCartStore
            .getState()
            .load()
            .catch(() => undefined);
        } catch (error) {
          // A token the server no longer accepts is as good as none.
          if (isApiError(error) && (error.status === 401 || error.code === 401)) get().reset();
          throw error;
        } finally {
          set({ loading: false });
          infoInFlight = null;
        }
      })();
      return infoInFlight;
    },

    async login(credentials) {
      const data = await api.post<{ token?: unknown } | null>('/api/front/app/login', credentials);
      await acceptToken(data);
    },

    async register(details) {
      const data = await api.post<{ token?: unknown } | null>('/api/front/app/register', details);
      await acceptToken(data, 'new');
    },

    async logout() {
      // Revoke the token server-side (ARCHITECTURE §5). The call reads the token synchronously,
      // so local data can be cleared at once without waiting for the answer.
      const revoke = get().token ? api.post('/api/front/app/logout', {}) : Promise.resolve(null);
      get().reset();
      await revoke.catch(() => undefined);
    },

    async updateProfile(changes) {
      const tokenAtStart = get().token;
      const info = normaliseUserInfo(await api.post<unknown>('/api/front/user/info', changes));
      if (get().token === tokenAtStart && info.id) set({ info, loaded: true });
      return info;
    },

    async changePassword(body) {
      const data = await api.post<{ token?: unknown } | null>('/api/front/app/setPassword', body);
      const token = typeof data?.token === 'string' ? data.token : '';
      if (!token) {
        // Every earlier token is revoked: without a new one the user is logged out.
        get().reset();
        const text = fixedT(currentLocale())('errors.invalidResponse');
        message.error(text);
        throw new Error(text);
      }
      writeToken(token);
      set({ token, tokenChecked: true });
    },

    reset() {
      writeToken('');
      set({ token: '', info: EMPTY_USER, loaded: false, loading: false, tokenChecked: true });
      // SPEC §4: logout (and a reset) also clears the cart.
      useCartStore.getState().reset();
    },
  };
});
