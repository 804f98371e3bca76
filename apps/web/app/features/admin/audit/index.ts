// The console's audit area (issue 30): its public face; another area imports only this file.

export { auditLoader, AuditLog } from './audit-page';
