import { adminGet, adminPost } from './endpoint.ts';

/** The console's buyers endpoints (issue 15). */
export const buyersEndpoints = {};
void adminGet;
void adminPost;
