import { useEffect, type CSSProperties } from 'react';
import { Toaster } from 'sonner';
import { useTranslation } from '../../i18n/use-translation';
import { NOTIFICATION_OFFSET_PX, NOTIFICATION_POSITION } from '@shop/domain/constants';
import { LAYER } from '../../lib/layers';

/**
 * The one toaster (decision 035): every pop-up message and notification of the shop, one stack at
 * the top right with SPEC §9's 16 px gap (on a phone, the full width at the top), one look — a
 * white card whose icon and edge carry the kind — and each toast its own duration (lib/toast.ts:
 * 3000 ms for a message, 4500 ms for a notification). Each can be closed; a hovered one stays.
 */
export default function SonnerToasters({ onMounted }: { onMounted: () => void }) {
  const { t } = useTranslation();
  // The toaster's effects run first, so it already listens when this fires.
  useEffect(onMounted, [onMounted]);
  return (
    <Toaster
      position={NOTIFICATION_POSITION}
      offset={NOTIFICATION_OFFSET_PX}
      mobileOffset={NOTIFICATION_OFFSET_PX}
      // SPEC §9's 16 px holds between stacked toasts as well as from the edge (issue 29): every
      // toast shows at once, one under the other, as the notifications SPEC §9 describes.
      gap={NOTIFICATION_OFFSET_PX}
      expand
      closeButton
      style={
        {
          zIndex: LAYER.toast,
          '--normal-bg': '#ffffff',
          '--normal-border': '#e7e5e4',
          '--normal-text': '#1c1917',
          '--border-radius': '12px',
          '--width': '360px',
        } as CSSProperties
      }
      containerAriaLabel={t('toast.notifications')}
      toastOptions={{
        closeButtonAriaLabel: t('common.close'),
        classNames: {
          toast: 'gap-2.5! border-l-4! px-4! py-3! text-sm! shadow-lg!',
          title: 'font-semibold! text-stone-900!',
          description: 'text-stone-600!',
          closeButton: 'bg-white! text-stone-500! hover:text-stone-900!',
          actionButton: 'bg-brand-700! text-white! font-semibold!',
          success: 'border-l-emerald-600! [&_[data-icon]]:text-emerald-600',
          error: 'border-l-red-600! [&_[data-icon]]:text-red-600',
          warning: 'border-l-amber-500! [&_[data-icon]]:text-amber-600',
          info: 'border-l-sky-600! [&_[data-icon]]:text-sky-600',
        },
      }}
    />
  );
}
