import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { LAYER } from '../../lib/layers';
import { CloseIcon } from './icons';
import type { OverlayProps } from './modal';

// Loaded the first time a dialog opens (./modal.tsx): Radix is not part of any page's first load.

/**
 * The one Radix dialog of the shop, under both shapes below: focus trapped, Escape, a click on the
 * backdrop and the close button dismiss it. Without a description it says so to Radix.
 */
function DialogFrame({
  open,
  onOpenChange,
  layer,
  overlayClassName,
  contentClassName,
  described,
  testId,
  children,
}: Omit<OverlayProps, 'title'> & {
  layer: number;
  overlayClassName: string;
  contentClassName: string;
  described: boolean;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay style={{ zIndex: layer }} className={overlayClassName} />
        <Dialog.Content
          style={{ zIndex: layer }}
          data-testid={testId}
          {...(described ? {} : { 'aria-describedby': undefined })}
          className={contentClassName}
        >
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CloseButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Dialog.Close
      className={`${className} flex size-9 items-center justify-center rounded-full text-stone-500 hover:bg-stone-100 hover:text-stone-900`.trim()}
      aria-label={t('common.close')}
    >
      <CloseIcon size={18} />
    </Dialog.Close>
  );
}

/** Centred dialog (login, register, confirmations, the WeChat Pay code, an address). */
export default function Modal({
  title,
  description,
  children,
  ...frame
}: OverlayProps & { description?: string }) {
  return (
    <DialogFrame
      {...frame}
      layer={LAYER.dialog}
      described={Boolean(description)}
      overlayClassName="fixed inset-0 bg-stone-950/50 backdrop-blur-[2px] data-[state=open]:animate-[fade-in_150ms_ease-out]"
      contentClassName="fixed top-1/2 left-1/2 max-h-[92dvh] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl outline-none data-[state=open]:animate-[dialog-in_180ms_ease-out] sm:p-8"
    >
      <Dialog.Title className="text-xl font-bold text-stone-900">{title}</Dialog.Title>
      {description ? (
        <Dialog.Description className="mt-1.5 text-sm text-stone-600">{description}</Dialog.Description>
      ) : null}
      <div className="mt-6">{children}</div>
      <CloseButton className="absolute top-3 right-3" />
    </DialogFrame>
  );
}

/** Right-hand side panel (the cart panel), above dialogs. */
export function Sheet({ title, children, footer, ...frame }: OverlayProps & { footer?: ReactNode }) {
  return (
    <DialogFrame
      {...frame}
      layer={LAYER.panel}
      described={false}
      overlayClassName="fixed inset-0 bg-stone-950/40 data-[state=open]:animate-[fade-in_150ms_ease-out]"
      contentClassName="fixed inset-y-0 right-0 flex w-full max-w-sm flex-col bg-white shadow-2xl outline-none data-[state=open]:animate-[sheet-in_220ms_ease-out]"
    >
      <div className="flex items-center justify-between border-b border-stone-200 px-5 py-4">
        <Dialog.Title className="text-lg font-bold text-stone-900">{title}</Dialog.Title>
        <CloseButton />
      </div>
      <div className="flex-1 overflow-y-auto">{children}</div>
      {footer ? <div className="border-t border-stone-200 p-5">{footer}</div> : null}
    </DialogFrame>
  );
}
