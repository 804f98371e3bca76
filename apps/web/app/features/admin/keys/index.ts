// The console's keys area (issue 30): its public face; another area imports only this file.

export { keysActions, keysLoader, Keys } from './keys-page';
