import { adminGet, adminPost } from './endpoint.ts';

/** The console's refunds endpoints (issue 15). */
export const refundsEndpoints = {};
void adminGet;
void adminPost;
