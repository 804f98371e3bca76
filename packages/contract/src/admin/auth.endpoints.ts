import { adminGet, adminPost } from './endpoint.ts';

/** Operators' own session, the operator accounts (owner only) and the audit log. */
export const authEndpoints = {
  adminLogin: adminPost('/api/admin/auth/login', 'none'),
  adminLogout: adminPost('/api/admin/auth/logout', 'operator'),
  adminMe: adminGet('/api/admin/auth/me', 'operator'),
  adminPassword: adminPost('/api/admin/auth/password', 'operator'),
  adminTotpSetup: adminPost('/api/admin/auth/totp/setup', 'operator'),
  adminTotpEnable: adminPost('/api/admin/auth/totp/enable', 'operator'),
  adminTotpDisable: adminPost('/api/admin/auth/totp/disable', 'operator'),
  operatorList: adminGet('/api/admin/operator/list', 'owner'),
  operatorCreate: adminPost('/api/admin/operator/create', 'owner'),
  operatorUpdate: adminPost('/api/admin/operator/update', 'owner'),
  operatorResetPassword: adminPost('/api/admin/operator/reset_password', 'owner'),
  auditList: adminGet('/api/admin/audit/list', 'operator'),
  adminUploadGrant: adminGet('/api/admin/upload/grant', 'operator'),
};
