// The console's shell area (issue 30): its public face; another area imports only this file.

export { AdminShell } from './admin-shell';
