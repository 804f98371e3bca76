import { authMessages } from './auth.ts';
import { catalogMessages } from './catalog.ts';
import { contentMessages } from './content.ts';
import { keysMessages } from './keys.ts';

/** Every message of the console's endpoints, one file per area (messages.ts joins them in). */
export const adminMessages = { ...authMessages, ...catalogMessages, ...keysMessages, ...contentMessages };
