import { adminGet, adminPost } from './endpoint.ts';

/** The console's dashboard endpoints (issue 15). */
export const dashboardEndpoints = {};
void adminGet;
void adminPost;
