import { adminGet, adminPost } from './endpoint.ts';

// The console's catalog endpoints (issue 14).
export const catalogEndpoints = {};

void adminGet;
void adminPost;
