import { create } from 'zustand';
import { api, onUnauthorized } from '../lib/api';
import { greeting } from '@shop/domain/greeting';
import { message, notify } from '../lib/toast';
import { readToken, syncSessionCookie, writeToken } from '../lib/token-storage';
import { currentLocale, fixedT } from '../i18n/instance';
import type { changePasswordBody, profileBody, UserInfo } from '@shop/contract/account';
import { endpoints } from '@shop/contract/endpoints';
import type { EndpointInput } from '@shop/contract/endpoint-schemas';
import type { z } from 'zod';

/** The changed profile fields only. */
export type ProfileChanges = z.input<typeof profileBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
export type { UserInfo };

// The buyer's session (SPEC §3 "User" and §4 "User" states): the token and the user. Only the
// token is persisted (token-storage.ts). What follows the session (the cart, SPEC §4) subscribes
// with onSession, so this store imports none of them.

/** 'login': the user info of a token has arrived; 'logout': the session ended (logout or reset). */
export type SessionEvent = 'login' | 'logout';
const sessionListeners = new Set<(event: SessionEvent) => void>();

/** Calls `listener` on every login and logout; returns the unsubscribe. */
export function onSession(listener: (event: SessionEvent) => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

function emitSession(event: SessionEvent): void {
  for (const listener of sessionListeners) listener(event);
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
  level: null,
  next_level: null,
  lifetime_spend: '0.00',
};

export type LoginCredentials = EndpointInput<typeof endpoints.login>;
export type RegisterDetails = EndpointInput<typeof endpoints.register>;

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

let infoInFlight: Promise<void> | null = null;

export const useUserStore = create<UserState>()((set, get) => {
  /**
   * SPEC §4: the common success path of login and register: token stored, greeting, user info. The
   * greeting by hour is followed by "welcome back" after a login and "welcome to …" after signing up.
   */
  async function acceptToken({ token }: { token: string }, welcome: 'back' | 'new' = 'back') {
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
      syncSessionCookie();
      set({ token: readToken(), tokenChecked: true });
    },

    fetchInfo() {
      infoInFlight ??= (async () => {
        const tokenAtStart = get().token;
        set({ loading: true });
        try {
          const info = await api.call(endpoints.userInfo);
          if (get().token !== tokenAtStart) return; // logged out meanwhile
          // SPEC §4: user info without an id resets all user data.
          if (!info.id) {
            get().reset();
            return;
          }
          set({ info, loaded: true });
          emitSession('login');
        } finally {
          set({ loading: false });
          infoInFlight = null;
        }
      })();
      return infoInFlight;
    },

    async login(credentials) {
      await acceptToken(await api.call(endpoints.login, credentials));
    },

    async register(details) {
      await acceptToken(await api.call(endpoints.register, details), 'new');
    },

    async logout() {
      // Revoke the token server-side (ARCHITECTURE §5). The call reads the token synchronously,
      // so local data can be cleared at once without waiting for the answer.
      const revoke = get().token ? api.call(endpoints.logout) : Promise.resolve(null);
      get().reset();
      await revoke.catch(() => undefined);
    },

    async updateProfile(changes) {
      const tokenAtStart = get().token;
      const info = await api.call(endpoints.profileUpdate, changes);
      if (get().token === tokenAtStart && info.id) set({ info, loaded: true });
      return info;
    },

    async changePassword(body) {
      const { token } = await api.call(endpoints.setPassword, body);
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
      emitSession('logout');
    },
  };
});

// SPEC §4/§7: any call the server answers 401 with the session's token (the account was disabled,
// the token revoked or expired) resets all user data, as user info without an id does; a 401 for
// an older token (one replaced by a login or a password change meanwhile) changes nothing.
// The stored token is compared, as the client sends it even before restoreToken() has run.
onUnauthorized((token) => {
  if (token && token === readToken()) useUserStore.getState().reset();
});
