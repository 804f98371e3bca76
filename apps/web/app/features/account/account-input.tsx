import type { ComponentProps } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Field } from '../../components/ui/field';

/**
 * The account input (email or phone) of the login and code dialogs. Its own module so that the
 * login dialog's chunk does not take in the code dialogs' helpers.
 */
export function AccountInput(props: Omit<ComponentProps<typeof Field>, 'label'>) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth.account')}
      name="account"
      type="text"
      required
      autoComplete="username"
      inputMode="email"
      placeholder={t('auth.accountPlaceholder')}
      {...props}
    />
  );
}
