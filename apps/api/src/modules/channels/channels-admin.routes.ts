import type { ChannelGroup } from '@shop/contract/admin/channels.endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { actorOf, adminRoute, operatorOf } from '../../plugins/admin-endpoint.ts';
import { ok } from '../../plugins/envelope.ts';
import {
  mailTemplatesList,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
} from '../messaging/mail-templates.service.ts';
import { testChannel } from './channels-test.service.ts';
import type { ChannelRuntime } from './channels.runtime.ts';
import { channelsView, type GroupInput, readStoredChannels, updateChannelGroup } from './channels.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The process's channels, rebuilt when the console changes them (decision 082). */
    channels: ChannelRuntime;
  }
}

/** The console's channels and mail templates (issue 32): registered with adminRoute. */
export async function channelsAdminRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const isOwner = (req: FastifyRequest) => operatorOf(req).role === 'owner';
  const view = async (req: FastifyRequest) =>
    channelsView(app.config, await readStoredChannels(db, app.cardCipher), isOwner(req));
  const update = async (req: FastifyRequest, group: ChannelGroup, body: GroupInput) => {
    await updateChannelGroup(
      db,
      app.cardCipher,
      app.config,
      { ...actorOf(req), owner: isOwner(req) },
      group,
      body,
    );
    // This process applies it at once; the others when they next read the counter.
    await app.channels.refresh(true);
    return ok(req, await view(req));
  };

  adminRoute(app, 'channelsGet', async (req) => ok(req, await view(req)));
  adminRoute(app, 'channelsAlipay', (req) => update(req, 'alipay', req.body));
  adminRoute(app, 'channelsWechat', (req) => update(req, 'wechat', req.body));
  adminRoute(app, 'channelsSmtp', (req) => update(req, 'smtp', req.body));
  adminRoute(app, 'channelsSms', (req) => update(req, 'sms', req.body));
  adminRoute(app, 'channelsTest', async (req) => {
    await app.channels.refresh(true);
    const result = await testChannel(
      {
        db,
        effective: app.channels.effective,
        gateways: app.gateways,
        production: app.config.isProduction,
        locale: req.locale,
      },
      req.body.group,
      req.body.to || operatorOf(req).email,
    );
    return ok(req, result);
  });

  adminRoute(app, 'mailTemplatesList', async (req) => ok(req, await mailTemplatesList(db)));
  adminRoute(app, 'mailTemplateSave', async (req) =>
    ok(req, await saveMailTemplate(db, actorOf(req), req.body)),
  );
  adminRoute(app, 'mailTemplatePreview', async (req) => ok(req, previewMailTemplate(req.body)));
  adminRoute(app, 'mailTemplateReset', async (req) =>
    ok(req, await resetMailTemplate(db, actorOf(req), req.body)),
  );
}
