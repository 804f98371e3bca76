// The server (apps/api/src/server.ts) passes this load context to every loader and action: it
// answers /api/* calls in-process during server rendering, so SSR never goes over the network.
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    apiFetch(path: string, init?: RequestInit): Promise<Response>;
  }
}

export {};
