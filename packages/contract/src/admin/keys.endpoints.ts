import { adminGet, adminPost } from './endpoint.ts';

// The console's keys endpoints (issue 14).
export const keysEndpoints = {};

void adminGet;
void adminPost;
