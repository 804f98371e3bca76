import { useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useUiStore } from '../../stores/ui';
import { Modal } from '../../components/ui/modal';

/** The words of each code dialog: its title, submit button (and while sending) and switch link. */
const TEXTS = {
  register: {
    testId: 'register-dialog',
    title: 'auth.registerTitle',
    description: 'auth.registerSubtitle',
    submit: 'auth.registerAction',
    busy: 'auth.registering',
    switch: 'auth.haveAccount',
  },
  reset: {
    testId: 'reset-password-dialog',
    title: 'auth.resetTitle',
    description: 'auth.resetSubtitle',
    submit: 'auth.resetAction',
    busy: 'auth.resetting',
    switch: 'auth.backToLogin',
  },
} as const;

/**
 * The frame of a code dialog (register, reset password): its form, the submit button and the
 * link back to the login dialog below. `check` reads the form and either refuses it (null: the field
 * errors are shown) or returns the send; one send runs at a time.
 */
export function CodeDialog({
  kind,
  open,
  onClose,
  formRef,
  check,
  children,
}: {
  kind: keyof typeof TEXTS;
  open: boolean;
  onClose: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  check: (form: HTMLFormElement) => (() => Promise<void>) | null;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const showLogin = useUiStore((s) => s.showLogin);
  const texts = TEXTS[kind];
  const [submitting, setSubmitting] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const send = check(event.currentTarget);
    if (!send) return;
    setSubmitting(true);
    try {
      await send();
    } catch {
      // The client or the store already showed why.
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (next ? undefined : onClose())}
      title={t(texts.title)}
      description={t(texts.description)}
      testId={texts.testId}
    >
      <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
        <button type="submit" disabled={submitting} className="btn-primary h-11 w-full text-base">
          {t(submitting ? texts.busy : texts.submit)}
        </button>
      </form>
      <p className="mt-5 text-center text-sm text-stone-600">
        <button type="button" onClick={showLogin} className="font-medium text-brand-700 hover:underline">
          {t(texts.switch)}
        </button>
      </p>
    </Modal>
  );
}
