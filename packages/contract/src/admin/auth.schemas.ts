import {
  PERMISSIONS,
  OPERATOR_ROLES,
  OPERATOR_PASSWORD_MAX,
  OPERATOR_PASSWORD_MIN,
  TOTP_DIGITS,
} from '@shop/domain/admin';
import { z } from 'zod';
import { envelope, pageOf } from '../envelope.ts';
import { identifier, text } from '../text.ts';
import { uploadGrant } from '../upload.ts';
import type { EndpointSchema } from '../endpoint-schemas.ts';
import type { authEndpoints } from './auth.endpoints.ts';
import { epochMs, flag, idBody, idField, listQuery } from './common.ts';

const account = text({ min: 1, max: 254, lowercase: true });
const totpCode = identifier({ max: 16, min: 0 }).describe(
  `The ${TOTP_DIGITS}-digit code of the authenticator app, or one unused recovery code`,
);
const newPassword = text({ min: OPERATOR_PASSWORD_MIN, max: OPERATOR_PASSWORD_MAX, trim: false });
const permissions = z.array(z.enum(PERMISSIONS)).max(PERMISSIONS.length);

/** The picture code a password check asks for after 3 failures (body code 40001). */
const captchaFields = {
  captcha_key: identifier({ max: 64, min: 0 }).optional(),
  captcha_code: text({ max: 16 }).optional(),
};

export const adminLoginBody = z.object({
  account: account.describe("The operator's email"),
  password: text({ min: 1, max: OPERATOR_PASSWORD_MAX, trim: false }),
  totp: totpCode.optional(),
  ...captchaFields,
});

export const operator = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    role: z.enum(OPERATOR_ROLES),
    permissions: z
      .array(z.enum(PERMISSIONS))
      .describe("A staff member's permissions; all of them for the owner"),
    is_active: flag,
    totp_enabled: z.boolean(),
    created_at: epochMs,
    last_login_at: epochMs.nullable(),
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof operator>;

export const me = operator
  .extend({
    recovery_codes_left: z.number().int(),
    must_change_password: z
      .boolean()
      .describe('A one-time password is in use: the console asks for a new one'),
  })
  .meta({ id: 'OperatorMe' });

export const auditEntry = z
  .object({
    id: z.number().int(),
    operator_id: z.number().int().nullable(),
    actor: z.string().describe("The operator's email, or the command run on the server"),
    action: z.string().describe('<object type>.<verb>, e.g. goods.update'),
    object_type: z.string(),
    object_id: z.string(),
    before: z.unknown().describe('The object before the change (null when created)'),
    after: z.unknown().describe('The object after the change (null when removed)'),
    request_id: z.string(),
    ip: z.string(),
    created_at: epochMs,
  })
  .meta({ id: 'AuditEntry' });
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditListQuery = listQuery(['id']).extend({
  operator_id: idField.optional(),
  action: identifier({ max: 40 }).optional(),
  object_type: identifier({ max: 20 }).optional(),
  object_id: identifier({ max: 64 }).optional(),
  keyword: text({ max: 64 }).optional().describe('Found in the actor, action or the before/after JSON'),
  from: z.coerce.number().int().min(0).optional().describe('Epoch ms, inclusive'),
  to: z.coerce.number().int().min(0).optional().describe('Epoch ms, exclusive'),
});

export const authSchemas = {
  adminLogin: {
    tags: ['admin'],
    summary:
      'Operator login: email and password, plus `totp` (a code or a recovery code) when the second factor is on (body code 40002 until sent). After 3 failures the captcha fields are required (40001), as for buyers',
    body: adminLoginBody,
    response: envelope(z.object({ token: z.string() })),
  },
  adminLogout: {
    tags: ['admin'],
    summary: "Revoke the operator's token in use",
    response: envelope(z.null()),
  },
  adminMe: { tags: ['admin'], summary: 'The logged-in operator', response: envelope(me) },
  adminPassword: {
    tags: ['admin'],
    summary:
      'Change your password (not to the same one); every token is revoked and a new one returned. The old password is counted with the logins: after 3 failures the captcha fields are required (40001)',
    body: z.object({
      old_password: text({ min: 1, max: OPERATOR_PASSWORD_MAX, trim: false }),
      password: newPassword,
      ...captchaFields,
    }),
    response: envelope(z.object({ token: z.string() })),
  },
  adminTotpSetup: {
    tags: ['admin'],
    summary: 'Start turning on the second factor: a new secret to scan (off until confirmed with a code)',
    response: envelope(
      z.object({
        secret: z.string(),
        otpauth_url: z.string(),
        qr_image: z.string().describe('The otpauth address as a PNG data URL'),
      }),
    ),
  },
  adminTotpEnable: {
    tags: ['admin'],
    summary:
      'Confirm the second factor with a code of the new secret; returns the recovery codes (shown once)',
    body: z.object({ code: identifier({ max: 16 }) }),
    response: envelope(z.object({ recovery_codes: z.array(z.string()) })),
  },
  adminTotpDisable: {
    tags: ['admin'],
    summary:
      'Turn the second factor off (needs the password, counted with the logins: after 3 failures the captcha fields are required, 40001)',
    body: z.object({
      password: text({ min: 1, max: OPERATOR_PASSWORD_MAX, trim: false }),
      ...captchaFields,
    }),
    response: envelope(z.null()),
  },
  operatorList: {
    tags: ['admin'],
    summary: 'Operator accounts (owner only)',
    query: listQuery(['id', 'email', 'last_login_at']).extend({ keyword: text({ max: 64 }).optional() }),
    response: envelope(pageOf(operator)),
  },
  operatorCreate: {
    tags: ['admin'],
    summary: 'Create an operator; the answer holds a one-time password to hand over (owner only)',
    body: z.object({
      email: account,
      name: text({ max: 64 }).default(''),
      role: z.enum(OPERATOR_ROLES),
      permissions: permissions.default([]),
    }),
    response: envelope(z.object({ operator, password: z.string() })),
  },
  operatorUpdate: {
    tags: ['admin'],
    summary:
      "Change an operator's name, role, permissions or active flag (owner only); turning one off revokes their tokens. The last active owner cannot be demoted or turned off",
    body: idBody.extend({
      name: text({ max: 64 }).optional(),
      role: z.enum(OPERATOR_ROLES).optional(),
      permissions: permissions.optional(),
      is_active: flag.optional(),
    }),
    response: envelope(operator),
  },
  operatorResetPassword: {
    tags: ['admin'],
    summary: 'Give an operator a new one-time password and turn their second factor off (owner only)',
    body: idBody,
    response: envelope(z.object({ password: z.string() })),
  },
  auditList: {
    tags: ['admin'],
    summary: 'The audit log, newest first, searchable by operator, action, object and time',
    query: auditListQuery,
    response: envelope(pageOf(auditEntry)),
  },
  adminUploadGrant: {
    tags: ['admin'],
    summary:
      'A one-file upload grant for a catalog or content picture (same protocol as /api/front/oss/getStsToken)',
    response: envelope(uploadGrant),
  },
} satisfies Record<keyof typeof authEndpoints, EndpointSchema>;
