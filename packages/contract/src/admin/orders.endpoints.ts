import { adminGet, adminPost } from './endpoint.ts';

/** The console's orders endpoints (issue 15). */
export const ordersEndpoints = {};
void adminGet;
void adminPost;
