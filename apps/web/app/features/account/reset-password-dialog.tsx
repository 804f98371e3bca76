import { useTranslation } from '../../i18n/use-translation';
import { endpoints } from '@shop/contract/endpoints';
import { api } from '../../lib/api';
import { message } from '../../lib/toast';
import { useUiStore } from '../../stores/ui';
import { CodeDialog } from './code-dialog';
import { checkCodeForm, CodeFormFields, useCodeForm } from './code-form';

/**
 * "Forgot password", opened from the login dialog: a reset code is sent to the email or phone,
 * then POST /api/front/app/setPassword {account, code, password} sets the new password. The API
 * revokes every token of the account; the user then logs in with the new password.
 */
export default function ResetPasswordDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.resetVisible);
  const accountDraft = useUiStore((s) => s.accountDraft);
  const hideReset = useUiStore((s) => s.hideReset);
  const showLoginAs = useUiStore((s) => s.showLoginAs);
  const codeForm = useCodeForm(open, 'reset');

  function check(form: HTMLFormElement) {
    const { account, code, password, errors: next } = checkCodeForm(form, t);
    if (!codeForm.errors.report(next)) return null;
    return async () => {
      // The answer holds a token, but the flow ends at the login dialog (the user proves the new
      // password once), so it is not kept.
      await api.call(endpoints.setPassword, { account, code, password });
      message.success(t('auth.resetDone'));
      showLoginAs(account);
    };
  }

  return (
    <CodeDialog kind="reset" open={open} onClose={hideReset} formRef={codeForm.formRef} check={check}>
      <CodeFormFields form={codeForm} passwordLabel={t('auth.newPassword')} accountDraft={accountDraft} />
    </CodeDialog>
  );
}
