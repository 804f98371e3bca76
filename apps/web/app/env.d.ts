/// <reference types="vite/client" />

/** Id of this build, also written to /builds/latest.json (vite.config.ts). */
declare const __BUILD_ID__: string;

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin (SPEC §7). */
  readonly VITE_API_BASE_URL?: string;
}
