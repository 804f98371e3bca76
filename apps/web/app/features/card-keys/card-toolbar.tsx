// The all-keys page's search box and CSV export (components/order/card-all.tsx), apart so the page's
// server render and first load show them before the list's own code has loaded (issue 16).
import { useState } from 'react';
import { Form, Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { ALL_CARDS_PATH, KEYWORD_MAX } from './card-keys-params';
import { message } from '../../lib/toast';
import { CloseIcon, Icon, SearchIcon } from '../../components/ui/icons';

/** The search box (a GET form: it works before hydration too) and the export button. */
export function CardsToolbar({ keyword }: { keyword: string }) {
  const { t } = useTranslation();
  return (
    <div className="card p-3 sm:p-4">
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <Form
          method="get"
          action={ALL_CARDS_PATH}
          role="search"
          className="flex min-w-0 flex-1 gap-2"
          data-testid="cards-search"
        >
          <label htmlFor="card-search" className="sr-only">
            {t('cardKeys.searchLabel')}
          </label>
          <div className="relative min-w-0 flex-1 md:max-w-md">
            <SearchIcon
              size={18}
              className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-stone-500"
            />
            <input
              // Re-mounted on navigation so the box shows the keyword of the list being viewed.
              key={keyword}
              id="card-search"
              type="search"
              name="keyword"
              defaultValue={keyword}
              placeholder={t('cardKeys.searchPlaceholder')}
              enterKeyHint="search"
              autoComplete="off"
              maxLength={KEYWORD_MAX}
              className={`input h-10 pl-9 ${keyword ? 'pr-10' : ''} [&::-webkit-search-cancel-button]:hidden`}
            />
            {keyword ? (
              <Link
                to={ALL_CARDS_PATH}
                className="absolute top-1/2 right-1 flex size-8 -translate-y-1/2 items-center justify-center rounded-md text-stone-500 hover:bg-stone-100 hover:text-stone-900"
                data-testid="cards-clear"
                title={t('cardKeys.clearSearch')}
              >
                <CloseIcon size={16} />
                <span className="sr-only">{t('cardKeys.clearSearch')}</span>
              </Link>
            ) : null}
          </div>
          <button type="submit" className="btn-primary h-10 shrink-0 px-4">
            {t('cardKeys.search')}
          </button>
        </Form>
        <ExportButton />
      </div>
      <p id="cards-export-hint" className="mt-2 text-xs text-stone-500">
        {t('cardKeys.exportHint')}
      </p>
    </div>
  );
}

function ExportButton() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      // The CSV export is fetched on the first click (issue 16: not part of the page's first load).
      const { downloadRevealedKeys } = await import('./card-keys-api');
      const outcome = await downloadRevealedKeys();
      if (outcome.kind === 'saved') message.success(t('cardKeys.exported', { count: outcome.count }));
      else if (outcome.kind === 'empty') message.info(t('cardKeys.exportEmpty'));
      else message.error(outcome.msg);
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={run}
      disabled={busy}
      aria-busy={busy || undefined}
      className="btn-outline h-10 shrink-0 px-4"
      aria-describedby="cards-export-hint"
      data-testid="cards-export"
    >
      <DownloadIcon />
      {busy ? t('cardKeys.exporting') : t('cardKeys.export')}
    </button>
  );
}

/** A download arrow (used only here: it stays out of the icons every page loads). */
function DownloadIcon() {
  return (
    <Icon size={16}>
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 20h14" />
    </Icon>
  );
}
