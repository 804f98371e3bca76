import type { FastifyInstance } from 'fastify';
import { configuredTransports, type Transports } from '../messaging/transports.ts';
import { createGateways } from '../payment/gateways.ts';
import { readChannelVersion } from './channels.repository.ts';
import { type EffectiveChannels, effectiveChannels, readStoredChannels } from './channels.service.ts';

// The channels a process uses (decision 082): built from the environment at start, rebuilt when
// the stored settings change. Several processes share one database and nothing else, so each
// reads the change counter (`channel_settings.version`) when it uses a channel, at most once per
// CHECK_MS, and rebuilds its mail/SMS transports and payment clients when the counter moved; the
// process that made the change rebuilds at once.

/** How long a process trusts the counter it read: another process's change applies within this. */
export const CHECK_MS = 1_000;

export class ChannelRuntime {
  /** The transports the outbox sends through now. */
  transports: Transports;
  effective: EffectiveChannels;
  private version = 0;
  private checkedAt = 0;
  private pending: Promise<void> | undefined;

  constructor(private readonly app: FastifyInstance) {
    this.effective = effectiveChannels(app.config, new Map());
    this.transports = configuredTransports(this.effective);
  }

  /** Rebuilds the clients if the stored settings changed since this process last looked. */
  refresh(force = false): Promise<void> {
    if (!force && Date.now() - this.checkedAt < CHECK_MS) return Promise.resolve();
    this.pending ??= this.check().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  private async check(): Promise<void> {
    this.checkedAt = Date.now();
    const version = await readChannelVersion(this.app.db);
    if (version === this.version) return;
    const stored = await readStoredChannels(this.app.db, this.app.cardCipher);
    const effective = effectiveChannels(this.app.config, stored);
    const old = this.transports;
    this.effective = effective;
    this.transports = configuredTransports(effective);
    // The same object every route holds: its providers are replaced in place.
    if (this.app.hasDecorator('gateways') && this.app.gateways)
      Object.assign(
        this.app.gateways,
        createGateways({ ...this.app.config, alipay: effective.alipay, wechat: effective.wechat }, this.app),
      );
    this.version = version;
    for (const transport of Object.values(old)) transport?.close?.();
  }

  close(): void {
    for (const transport of Object.values(this.transports)) transport?.close?.();
  }
}
