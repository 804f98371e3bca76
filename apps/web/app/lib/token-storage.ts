// SPEC §3: the token is the only user datum kept in browser storage (localStorage key `token`).
export const TOKEN_STORAGE_KEY = 'token';

let memoryToken = '';

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined; // storage disabled (privacy mode): keep the token in memory only
  }
}

export function readToken(): string {
  try {
    return storage()?.getItem(TOKEN_STORAGE_KEY) ?? memoryToken;
  } catch {
    return memoryToken;
  }
}

export function writeToken(token: string): void {
  memoryToken = token;
  try {
    if (token) storage()?.setItem(TOKEN_STORAGE_KEY, token);
    else storage()?.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // quota or privacy mode: the in-memory copy still works for this tab
  }
}
