// The server (apps/api/src/server.ts) passes this load context to every loader and action: it
// answers /api/* calls in-process during server rendering, so SSR never goes over the network.
import 'react-router';

declare module 'react-router' {
  interface AppLoadContext {
    apiFetch(path: string, init?: RequestInit): Promise<Response>;
    /**
     * The shop's public address (PUBLIC_URL, no trailing slash): the only base of absolute URLs in
     * pages, robots.txt and the sitemap. Never the request's Host, which the client chooses.
     */
    publicUrl?: string;
    /** The CSP nonce of this render, for every inline script (decision 023). */
    cspNonce?: string;
    /**
     * Set by the entry when React wrote the whole document before the response was handed over
     * (no part still pending): the server sends these bytes as they are, and the Response's body
     * is empty. A document with a deferred part streams through the Response as usual.
     */
    document?: Buffer;
  }
}

export {};
