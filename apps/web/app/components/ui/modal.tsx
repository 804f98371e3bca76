import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LAYER } from '../../lib/layers';
import { CloseIcon } from './icons';

/** Centred dialog (login, register): focus trapped, Escape and the close button dismiss it. */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: string;
  children: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          style={{ zIndex: LAYER.dialog }}
          className="fixed inset-0 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]"
        />
        <Dialog.Content
          style={{ zIndex: LAYER.dialog }}
          data-testid={testId}
          className="fixed top-1/2 left-1/2 max-h-[92dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <Dialog.Title className="text-xl font-bold text-stone-900">{title}</Dialog.Title>
          {description ? (
            <Dialog.Description className="mt-1.5 text-sm text-stone-600">{description}</Dialog.Description>
          ) : null}
          <div className="mt-6">{children}</div>
          <Dialog.Close
            className="absolute top-3 right-3 flex size-9 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900"
            aria-label={t('common.close')}
          >
            <CloseIcon size={18} />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
