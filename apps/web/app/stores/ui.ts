import { create } from 'zustand';

/**
 * What the buyer was doing when the login dialog interrupted: run once after a successful login or
 * registration, dropped when the dialogs are dismissed (issue 12: the intent is not lost).
 */
export type LoginIntent = () => void | Promise<unknown>;

// SPEC §2: login and registration are dialogs toggled by flags (showing one hides the other);
// the cart panel has its own flag. The password-reset dialog, reached from the login dialog,
// follows the same rule.
export interface UiState {
  loginVisible: boolean;
  registerVisible: boolean;
  resetVisible: boolean;
  /** The account to prefill when the login or reset dialog opens from the other one ('' for none). */
  accountDraft: string;
  cartPanelVisible: boolean;
  /** The action to continue after logging in or registering (Add to cart, Buy now); null for none. */
  loginIntent: LoginIntent | null;
  showLogin(): void;
  /** Opens the login dialog and keeps `intent` to run once the buyer has logged in or registered. */
  requireLogin(intent: LoginIntent): void;
  /** Hands the pending intent over once (the dialogs call it after success). */
  takeLoginIntent(): LoginIntent | null;
  /** Opens the login dialog with `account` filled in (after a password reset). */
  showLoginAs(account: string): void;
  showRegister(): void;
  /** Opens the password-reset dialog, with the account typed so far. */
  showReset(account?: string): void;
  hideLogin(): void;
  hideRegister(): void;
  hideReset(): void;
  openCartPanel(): void;
  closeCartPanel(): void;
}

const ONLY_LOGIN = { loginVisible: true, registerVisible: false, resetVisible: false };

// Switching between the three dialogs keeps the intent (a buyer may register instead, or reset the
// password first); closing one of them drops it: the buyer changed their mind.
export const useUiStore = create<UiState>()((set, get) => ({
  loginVisible: false,
  registerVisible: false,
  resetVisible: false,
  accountDraft: '',
  cartPanelVisible: false,
  loginIntent: null,
  showLogin: () => set({ ...ONLY_LOGIN, accountDraft: '' }),
  requireLogin: (intent) => set({ ...ONLY_LOGIN, accountDraft: '', loginIntent: intent }),
  takeLoginIntent: () => {
    const intent = get().loginIntent;
    set({ loginIntent: null });
    return intent;
  },
  showLoginAs: (account) => set({ ...ONLY_LOGIN, accountDraft: account }),
  showRegister: () => set({ registerVisible: true, loginVisible: false, resetVisible: false }),
  showReset: (account = '') =>
    set({ resetVisible: true, loginVisible: false, registerVisible: false, accountDraft: account }),
  hideLogin: () => set({ loginVisible: false, loginIntent: null }),
  hideRegister: () => set({ registerVisible: false, loginIntent: null }),
  hideReset: () => set({ resetVisible: false, loginIntent: null }),
  openCartPanel: () => set({ cartPanelVisible: true }),
  closeCartPanel: () => set({ cartPanelVisible: false }),
}));

/**
 * After a successful login or registration: closes the dialog with `hide` and then continues the
 * pending intent, once the dialog has let go of the focus (the intent may move it, e.g. to a field).
 */
export function continueLoginIntent(hide: () => void): void {
  const intent = useUiStore.getState().takeLoginIntent();
  hide();
  if (!intent) return;
  setTimeout(() => {
    // A refusal already showed its pop-up (lib/http.ts).
    void Promise.resolve()
      .then(intent)
      .catch(() => undefined);
  }, 0);
}
