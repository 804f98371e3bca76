import { Form, useSearchParams } from 'react-router';
import { useTranslation } from '../i18n/use-translation';
import type { Route } from './+types/goods-player';
import { EmptyState } from '../components/ui/empty-state';
import { GamepadIcon } from '../components/ui/icons';
import { PageContainer, PageHeader } from '../components/ui/page-header';
import { pageMeta, type PageHandle } from '../lib/meta';
import { Field } from '../components/ui/field';

export const handle = { page: 'player' } satisfies PageHandle;
export const meta: Route.MetaFunction = (args) => pageMeta(args, 'player');

/** Direct top-up: the buyer enters a server and a player id; the check arrives with the goods issue. */
export default function PlayerPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  return (
    <PageContainer className="max-w-3xl">
      <PageHeader title={t('pages.player.heading')} subtitle={t('player.subtitle')} />
      <Form method="get" className="card grid gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end sm:p-6">
        {params.get('goods_id') ? (
          <input type="hidden" name="goods_id" value={params.get('goods_id') ?? ''} />
        ) : null}
        <Field
          label={t('player.server')}
          name="server_id"
          defaultValue={params.get('server_id') ?? ''}
          placeholder={t('player.serverPlaceholder')}
        />
        <Field
          label={t('player.playerId')}
          name="player_id"
          required
          defaultValue={params.get('player_id') ?? ''}
          placeholder={t('player.playerIdPlaceholder')}
        />
        <button type="submit" className="btn-primary h-11 px-6">
          {t('player.check')}
        </button>
      </Form>
      <div className="card mt-6">
        <EmptyState
          icon={<GamepadIcon size={28} />}
          title={t('player.emptyTitle')}
          description={t('player.emptyText')}
        />
      </div>
    </PageContainer>
  );
}
