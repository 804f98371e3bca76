import { Component, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';

/**
 * Around a dialog or drawer loaded on demand (layout/overlays.tsx, ui/modal.tsx): if its chunk
 * cannot load (or it fails to render), a small message in place of it, not the page's error page
 * (decision 060). Closed with its button; the page behind keeps working.
 */
export class OverlayBoundary extends Component<
  { children: ReactNode },
  { failed: boolean; dismissed: boolean }
> {
  override state = { failed: false, dismissed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.dismissed) return null;
    return <OverlayError onClose={() => this.setState({ dismissed: true })} />;
  }
}

function OverlayError({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      data-testid="overlay-error"
      className="fixed inset-x-4 bottom-4 z-[2000] mx-auto flex max-w-md items-center gap-3 rounded-xl bg-white px-4 py-3 text-sm text-stone-800 shadow-lg ring-1 ring-stone-200"
    >
      <span className="min-w-0 flex-1">{t('errors.overlayFailed')}</span>
      <button
        type="button"
        className="btn-outline h-9 shrink-0 px-3"
        onClick={() => window.location.reload()}
      >
        {t('errors.retry')}
      </button>
      <button type="button" className="btn-ghost h-9 shrink-0 px-3" onClick={onClose}>
        {t('common.close')}
      </button>
    </div>
  );
}
