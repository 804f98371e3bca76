import { adminGet, adminPost } from './endpoint.ts';

// The console's content endpoints (issue 14).
export const contentEndpoints = {};

void adminGet;
void adminPost;
