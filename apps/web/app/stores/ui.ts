import { create } from 'zustand';

// SPEC §2: login and registration are dialogs toggled by flags (showing one hides the other);
// the cart panel has its own flag.
export interface UiState {
  loginVisible: boolean;
  registerVisible: boolean;
  cartPanelVisible: boolean;
  showLogin(): void;
  showRegister(): void;
  hideLogin(): void;
  hideRegister(): void;
  openCartPanel(): void;
  closeCartPanel(): void;
}

export const useUiStore = create<UiState>()((set) => ({
  loginVisible: false,
  registerVisible: false,
  cartPanelVisible: false,
  showLogin: () => set({ loginVisible: true, registerVisible: false }),
  showRegister: () => set({ registerVisible: true, loginVisible: false }),
  hideLogin: () => set({ loginVisible: false }),
  hideRegister: () => set({ registerVisible: false }),
  openCartPanel: () => set({ cartPanelVisible: true }),
  closeCartPanel: () => set({ cartPanelVisible: false }),
}));
