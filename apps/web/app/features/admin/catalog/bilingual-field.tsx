import { TextAreaField, TextField } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';

type Side = { value: string; onChange: (value: string) => void; error?: string | undefined };

/**
 * One text in both languages, side by side from a tablet's width up (stacked below it), each
 * labelled with its language so a screen reader names which one it is.
 */
export function BilingualField({
  label,
  zh,
  en,
  max,
  multiline = false,
  hint,
  testId,
}: {
  label: string;
  zh: Side;
  en: Side;
  max: number;
  multiline?: boolean;
  hint?: string;
  testId?: string;
}) {
  const { t } = useAdminT();
  const sides = [
    ['zh', zh],
    ['en', en],
  ] as const;
  return (
    <div className="grid gap-3 md:grid-cols-2" data-testid={testId}>
      {sides.map(([lang, side]) => {
        const props = {
          label: t('catalog.form.withLang', { field: label, lang: t(`catalog.form.${lang}`) }),
          value: side.value,
          error: side.error,
          hint,
          maxLength: max,
          lang: lang === 'zh' ? 'zh-CN' : 'en',
          name: `${testId ?? label}_${lang}`,
        };
        return multiline ? (
          <TextAreaField key={lang} {...props} rows={5} onChange={(e) => side.onChange(e.target.value)} />
        ) : (
          <TextField key={lang} {...props} onChange={(e) => side.onChange(e.target.value)} />
        );
      })}
    </div>
  );
}
