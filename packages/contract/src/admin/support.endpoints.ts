import { adminGet, adminPost } from './endpoint.ts';

/** The console's support endpoints (issue 15). */
export const supportEndpoints = {};
void adminGet;
void adminPost;
