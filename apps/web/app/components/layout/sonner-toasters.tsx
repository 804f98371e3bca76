import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { useTranslation } from '../../i18n/use-translation';
import {
  MESSAGE_DURATION_MS,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_OFFSET_PX,
  NOTIFICATION_POSITION,
} from '@shop/domain/constants';
import { LAYER } from '../../lib/layers';
import { MESSAGE_TOASTER_ID, NOTIFICATION_TOASTER_ID } from '../../lib/notify';

/** Two toasters (SPEC §9): short pop-up messages at the top centre, notifications top-right. */
export default function SonnerToasters({ onMounted }: { onMounted: () => void }) {
  const { t } = useTranslation();
  // Children's effects run first, so both toasters already listen when this fires.
  useEffect(onMounted, [onMounted]);
  return (
    <>
      <Toaster
        id={MESSAGE_TOASTER_ID}
        position="top-center"
        duration={MESSAGE_DURATION_MS}
        richColors
        style={{ zIndex: LAYER.toast }}
        containerAriaLabel={t('toast.messages')}
      />
      <Toaster
        id={NOTIFICATION_TOASTER_ID}
        position={NOTIFICATION_POSITION}
        offset={NOTIFICATION_OFFSET_PX}
        mobileOffset={NOTIFICATION_OFFSET_PX}
        duration={NOTIFICATION_DURATION_MS}
        closeButton
        style={{ zIndex: LAYER.toast }}
        containerAriaLabel={t('toast.notifications')}
        toastOptions={{ closeButtonAriaLabel: t('common.close') }}
      />
    </>
  );
}
