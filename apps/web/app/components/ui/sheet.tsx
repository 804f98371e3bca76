import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LAYER } from '../../lib/layers';
import { CloseIcon } from './icons';

/** Right-hand side panel (the cart panel), above dialogs. */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  footer,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay
          style={{ zIndex: LAYER.panel }}
          className="fixed inset-0 bg-stone-950/40 data-[state=open]:animate-[fade-in_150ms_ease-out]"
        />
        <Dialog.Content
          style={{ zIndex: LAYER.panel }}
          data-testid={testId}
          aria-describedby={undefined}
          className="fixed inset-y-0 right-0 flex w-full max-w-sm flex-col bg-white shadow-2xl outline-none data-[state=open]:animate-[sheet-in_220ms_ease-out]"
        >
          <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
            <Dialog.Title className="text-lg font-bold text-stone-900">{title}</Dialog.Title>
            <Dialog.Close
              className="flex size-9 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900"
              aria-label={t('common.close')}
            >
              <CloseIcon size={18} />
            </Dialog.Close>
          </div>
          <div className="flex-1 overflow-y-auto">{children}</div>
          {footer ? <div className="border-t border-stone-200 p-5">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
