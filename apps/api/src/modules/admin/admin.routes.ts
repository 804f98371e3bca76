import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute, operatorOf } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import { auditScope } from '../audit/audit-areas.ts';
import { listAudit } from '../audit/audit.service.ts';
import { createGrant, uploadSecret } from '../upload/upload.service.ts';
import {
  changeOperatorPassword,
  createOperator,
  disableTotp,
  enableTotp,
  listOperators,
  operatorLogin,
  operatorLogout,
  permissionsOf,
  resetOperatorPassword,
  startTotp,
  toMe,
  updateOperator,
} from './operator.service.ts';

/** The operators' session, operator accounts and the audit log. */
export async function adminRoutes(app: FastifyInstance) {
  const db = app.db;
  const sealer = app.cardCipher;
  const captchaDisabled = app.config.captchaDisabled;

  adminRoute(
    app,
    'adminLogin',
    async (req) => ok(req, await operatorLogin(db, sealer, req.body, { captchaDisabled, ip: req.ip })),
    {
      preHandler: app.addressLimit('admin-login'),
    },
  );
  adminRoute(app, 'adminLogout', async (req) => ok(req, await operatorLogout(db, req.token)));
  adminRoute(app, 'adminMe', async (req) => ok(req, toMe(operatorOf(req))));
  // The old-password checks: per address here, per operator by the login's count (decision 056).
  const passwordLimit = { preHandler: app.addressLimit('admin-password') };
  adminRoute(
    app,
    'adminPassword',
    async (req) =>
      ok(req, await changeOperatorPassword(db, actorOf(req), operatorOf(req), req.body, { captchaDisabled })),
    passwordLimit,
  );
  adminRoute(app, 'adminTotpSetup', async (req) => ok(req, await startTotp(db, sealer, operatorOf(req))));
  adminRoute(app, 'adminTotpEnable', async (req) =>
    ok(req, await enableTotp(db, sealer, actorOf(req), operatorOf(req), req.body.code)),
  );
  adminRoute(
    app,
    'adminTotpDisable',
    async (req) =>
      ok(req, await disableTotp(db, actorOf(req), operatorOf(req), req.body, { captchaDisabled })),
    passwordLimit,
  );
  adminRoute(app, 'operatorList', async (req) => ok(req, await listOperators(db, req.query)));
  adminRoute(app, 'operatorCreate', async (req) => ok(req, await createOperator(db, actorOf(req), req.body)));
  adminRoute(app, 'operatorUpdate', async (req) => ok(req, await updateOperator(db, actorOf(req), req.body)));
  adminRoute(app, 'operatorResetPassword', async (req) =>
    ok(req, await resetOperatorPassword(db, actorOf(req), req.body.id)),
  );
  const uploads = uploadSecret(app.config);
  adminRoute(app, 'adminUploadGrant', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return ok(req, createGrant(app.config, uploads, operatorOf(req).id, new Date(), 'catalog'));
  });
  adminRoute(app, 'auditList', async (req) => {
    const q = req.query;
    const op = operatorOf(req);
    const filter = {
      // Each operator reads the areas their permissions cover (decision 062); the owner, all.
      scope: auditScope({ id: op.id, role: op.role, permissions: permissionsOf(op) }),
      operatorId: q.operator_id,
      action: q.action,
      objectType: q.object_type,
      objectId: q.object_id,
      keyword: q.keyword,
      from: q.from,
      to: q.to,
    };
    return ok(req, await listAudit(db, filter, q));
  });
}
