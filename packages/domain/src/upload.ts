// Upload limits (issue 4, decision 016), shared by the API, its contract and the browser (which
// checks a file before sending it). Kept here, not in the contract, so the browser does not load zod.

/** Image types an avatar may have; SVG is refused (it can carry script). */
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** Largest accepted upload, in bytes (2 MiB). */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;
/** How long an upload grant is valid. */
export const UPLOAD_TTL_MS = 10 * 60_000;
