import { NICKNAME_MAX_LENGTH } from '@shop/domain/account';
import { useTranslation } from '../../i18n/use-translation';
import { continueLoginIntent, useUiStore } from '../../stores/ui';
import { useUserStore } from '../../stores/user';
import { Field } from '../../components/ui/field';
import { CodeDialog } from './code-dialog';
import { checkCodeForm, CodeFormFields, fieldValue, useCodeForm } from './code-form';

/** SPEC §2/§4: the registration dialog: account, emailed/SMS code, password. */
export default function RegisterDialog() {
  const { t } = useTranslation();
  const open = useUiStore((s) => s.registerVisible);
  const hideRegister = useUiStore((s) => s.hideRegister);
  const register = useUserStore((s) => s.register);
  const codeForm = useCodeForm(open, 'register');
  const { errors } = codeForm;

  function check(form: HTMLFormElement) {
    const { account, code, password, errors: next } = checkCodeForm(form, t);
    const nickname = fieldValue(form, 'nickname').trim();
    if (nickname.length > NICKNAME_MAX_LENGTH) {
      next.nickname = t('auth.errNicknameLength', { max: NICKNAME_MAX_LENGTH });
    }
    if (!errors.report(next)) return null;
    return async () => {
      await register({ account, code, password, ...(nickname ? { nickname } : {}) });
      // Issue 12: a buyer who signed up from Add to cart or Buy now goes on with it.
      continueLoginIntent(hideRegister);
    };
  }

  return (
    <CodeDialog kind="register" open={open} onClose={hideRegister} formRef={codeForm.formRef} check={check}>
      <CodeFormFields form={codeForm} passwordLabel={t('auth.password')} />
      <div>
        <Field
          label={t('auth.nickname')}
          name="nickname"
          type="text"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX_LENGTH}
          placeholder={t('auth.nicknamePlaceholder')}
          {...errors.invalid('nickname')}
        />
        {errors.error('nickname')}
      </div>
    </CodeDialog>
  );
}
