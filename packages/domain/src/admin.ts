// The operator console's roles and permissions (issue 14, ARCHITECTURE.md §8). An owner may do
// everything, managing operators included; a staff member only what their permissions name. The
// API enforces them (403); the console only hides what the API would refuse.

export const PERMISSIONS = [
  'catalog',
  'keys',
  'orders',
  'refunds',
  'buyers',
  'content',
  'settings',
  'support',
  'promotions',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

export const OPERATOR_ROLES = ['owner', 'staff'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/**
 * Who may call an admin endpoint: nobody logged in (`none`), any operator (`operator`), the owner
 * only (`owner`), or an operator holding one permission.
 */
export type AdminAccess = 'none' | 'operator' | 'owner' | Permission;

export interface OperatorGrant {
  role: OperatorRole;
  permissions: readonly Permission[];
}

/** Whether an operator with this role and these permissions may call an endpoint of `access`. */
export function mayAccess(operator: OperatorGrant, access: AdminAccess): boolean {
  if (access === 'none' || access === 'operator') return true;
  if (operator.role === 'owner') return true;
  if (access === 'owner') return false;
  return operator.permissions.includes(access);
}

/** The permissions an operator effectively holds (an owner holds them all). */
export function effectivePermissions(operator: OperatorGrant): Permission[] {
  return operator.role === 'owner'
    ? [...PERMISSIONS]
    : PERMISSIONS.filter((p) => operator.permissions.includes(p));
}

/** A staff member's stored permissions: known ones only, each once, in the canonical order. */
export function normalizePermissions(values: readonly string[]): Permission[] {
  return PERMISSIONS.filter((p) => values.includes(p));
}

/** Digits of a TOTP code (RFC 6238 with SHA-1 and 30 s steps, what authenticator apps use). */
export const TOTP_DIGITS = 6;
/** Recovery codes given when the second factor is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** An operator's password: the same bounds as a buyer's. */
export const OPERATOR_PASSWORD_MIN = 8;
export const OPERATOR_PASSWORD_MAX = 128;

/** What the audit log records an operator doing, as `<object type>.<verb>`. */
export const AUDIT_OBJECT_TYPES = [
  'operator',
  'category',
  'goods',
  'card_key',
  'banner',
  'module',
  'zone',
  'article',
  'link',
  'settings',
  'upload',
  'order',
  'refund',
  'delivery',
  'buyer',
  'ticket',
  'canned_reply',
  'coupon',
  'coupon_batch',
  'member_level',
  'webhook',
  'export',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];
