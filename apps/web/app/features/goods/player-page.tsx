import { PLAYER_ID_MAX_LENGTH } from '@shop/domain/constants';
import { ServerSelect } from './server-select';
import { Form, Link, useNavigation } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import type { Route } from '../../routes/+types/goods-player';
import { PlayerHint } from './player-hint';
import { PlayerResult } from './player-result';
import { Price } from '../../components/ui/price';
import { EmptyState } from '../../components/ui/empty-state';
import { Field } from '../../components/ui/field';
import { GamepadIcon } from '../../components/ui/icons';
import { PageContainer, PageHeader } from '../../components/ui/page-header';
import { DIRECT_TOP_UP, GOODS_PATH } from '../../lib/catalog';

export function PlayerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { goods, choices, serverId, playerId, check } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === '/category/goods/player';
  const direct = goods?.recharge_type === DIRECT_TOP_UP;

  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('pages.player.heading')} subtitle={t('player.subtitle')} />

      {goods ? (
        <div className="card mb-4 flex items-center gap-4 p-4">
          <img
            src={goods.image}
            alt=""
            width={64}
            height={64}
            className="size-16 shrink-0 rounded-lg bg-stone-100 object-cover"
          />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-stone-900">{goods.name}</p>
            <p className="text-sm text-stone-600">
              <Price value={goods.price} currency={goods.currency} className="font-semibold text-brand-700" />
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1 text-sm">
            <Link to={GOODS_PATH(goods.id)} className="font-medium text-brand-700 hover:underline">
              {t('player.toGoods')}
            </Link>
            <Link to="/category/goods/player" className="text-stone-600 hover:underline">
              {t('player.changeGoods')}
            </Link>
          </div>
        </div>
      ) : null}

      {goods && !direct ? (
        <div className="card">
          <EmptyState
            icon={<GamepadIcon size={28} />}
            title={t('player.notDirectTitle')}
            description={t('player.notDirectText')}
            action={
              <Link to={GOODS_PATH(goods.id)} className="btn-primary">
                {t('player.toGoods')}
              </Link>
            }
          />
        </div>
      ) : goods ? (
        <Form
          method="get"
          className="card grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-6"
          aria-busy={busy || undefined}
        >
          <input type="hidden" name="goods_id" value={goods.id} />
          <ServerSelect
            id="player-server"
            name="server_id"
            servers={goods.servers}
            defaultValue={serverId ?? ''}
            key={`${goods.id}-${serverId ?? ''}`}
          />
          <Field
            key={playerId}
            label={t('player.playerId')}
            name="player_id"
            required
            maxLength={PLAYER_ID_MAX_LENGTH}
            autoComplete="off"
            defaultValue={playerId}
            placeholder={t('player.playerIdPlaceholder')}
          />
          <button type="submit" className="btn-primary h-11 px-6" disabled={busy}>
            {busy ? t('player.checking') : t('player.check')}
          </button>
        </Form>
      ) : (
        <Form method="get" className="card grid gap-4 p-5 sm:grid-cols-[1fr_auto] sm:items-end sm:p-6">
          <div>
            <label htmlFor="player-goods" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('player.goods')}
            </label>
            <select id="player-goods" name="goods_id" required defaultValue="" className="input h-11">
              <option value="" disabled>
                {t('player.chooseGoods')}
              </option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.name}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn-primary h-11 px-6" disabled={busy}>
            {t('player.next')}
          </button>
        </Form>
      )}

      {direct && goods.player_hint ? (
        <div className="mt-4">
          <PlayerHint hint={goods.player_hint} />
        </div>
      ) : null}

      {direct ? (
        <div className="mt-6">
          {check.status === 'idle' ? (
            <div className="card">
              <EmptyState
                icon={<GamepadIcon size={28} />}
                title={t('player.emptyTitle')}
                description={t('player.emptyText')}
              />
            </div>
          ) : (
            <PlayerResult check={check} />
          )}
        </div>
      ) : null}
    </PageContainer>
  );
}
