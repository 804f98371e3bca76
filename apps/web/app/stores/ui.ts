import { create } from 'zustand';

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
  showLogin(): void;
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

export const useUiStore = create<UiState>()((set) => ({
  loginVisible: false,
  registerVisible: false,
  resetVisible: false,
  accountDraft: '',
  cartPanelVisible: false,
  showLogin: () => set({ ...ONLY_LOGIN, accountDraft: '' }),
  showLoginAs: (account) => set({ ...ONLY_LOGIN, accountDraft: account }),
  showRegister: () => set({ registerVisible: true, loginVisible: false, resetVisible: false }),
  showReset: (account = '') =>
    set({ resetVisible: true, loginVisible: false, registerVisible: false, accountDraft: account }),
  hideLogin: () => set({ loginVisible: false }),
  hideRegister: () => set({ registerVisible: false }),
  hideReset: () => set({ resetVisible: false }),
  openCartPanel: () => set({ cartPanelVisible: true }),
  closeCartPanel: () => set({ cartPanelVisible: false }),
}));
