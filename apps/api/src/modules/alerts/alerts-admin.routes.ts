import type { FastifyInstance } from 'fastify';
import { actorOf, adminRoute, operatorOf } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  channelSettings,
  createWebhook,
  deleteWebhook,
  listDeliveries,
  mySubscriptions,
  resendDelivery,
  setLimits,
  setMySubscriptions,
  setTelegramToken,
  type TelegramOptions,
  updateWebhook,
} from './alerts.service.ts';

/** The console's alerts endpoints (issue 32): registered with adminRoute from the admin table. */
export async function alertsAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const sealer = app.cardCipher;
  const telegram: TelegramOptions = { sandboxAllowed: !app.config.isProduction };
  const kick = () =>
    void app.jobs.kick().catch((error: unknown) => app.log.warn({ err: error }, 'alert job kick failed'));

  adminRoute(app, 'alertSubscriptions', async (req) =>
    ok(req, await mySubscriptions(db, operatorOf(req), telegram)),
  );
  adminRoute(app, 'alertSubscriptionsSet', async (req) =>
    ok(req, await setMySubscriptions(db, actorOf(req), operatorOf(req), req.body, telegram)),
  );
  adminRoute(app, 'alertDeliveries', async (req) =>
    ok(req, await listDeliveries(db, operatorOf(req), req.query, req.locale)),
  );
  adminRoute(app, 'alertDeliveryResend', async (req) => {
    const delivery = await resendDelivery(db, operatorOf(req), req.body.id, req.locale);
    kick();
    return ok(req, delivery);
  });

  adminRoute(app, 'alertChannels', async (req) => ok(req, await channelSettings(db, sealer, telegram)));
  adminRoute(app, 'alertTelegramSet', async (req) =>
    ok(req, await setTelegramToken(db, actorOf(req), sealer, req.body.token, telegram)),
  );
  adminRoute(app, 'alertLimitsSet', async (req) =>
    ok(req, await setLimits(db, actorOf(req), sealer, req.body, telegram)),
  );
  adminRoute(app, 'alertWebhookCreate', async (req) =>
    ok(req, await createWebhook(db, actorOf(req), sealer, req.body)),
  );
  adminRoute(app, 'alertWebhookUpdate', async (req) =>
    ok(req, await updateWebhook(db, actorOf(req), sealer, req.body)),
  );
  adminRoute(app, 'alertWebhookDelete', async (req) =>
    ok(req, await deleteWebhook(db, actorOf(req), req.body.id)),
  );
}
