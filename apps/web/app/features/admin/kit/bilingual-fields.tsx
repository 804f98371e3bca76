import { TextAreaField, TextField } from './form';
import { useAdminT } from './use-admin-t';

type Pair = { zh: string; en: string };

/** A text in both languages, side by side from the tablet width up. */
export function BilingualFields({
  label,
  value,
  onChange,
  max,
  multiline = false,
  rows,
  errors = {},
  name,
}: {
  label: string;
  value: Pair;
  onChange: (next: Pair) => void;
  max: number;
  multiline?: boolean;
  rows?: number;
  errors?: Partial<Pair>;
  name?: string;
}) {
  const { t } = useAdminT();
  const field = (lang: 'zh' | 'en') => {
    const props = {
      label: t(lang === 'zh' ? 'content.common.inZh' : 'content.common.inEn', { field: label }),
      value: value[lang],
      maxLength: max,
      error: errors[lang],
      lang: lang === 'zh' ? 'zh-CN' : 'en',
      name: name ? `${name}_${lang}` : undefined,
    };
    return multiline ? (
      <TextAreaField
        {...props}
        rows={rows}
        onChange={(e) => onChange({ ...value, [lang]: e.target.value })}
      />
    ) : (
      <TextField {...props} onChange={(e) => onChange({ ...value, [lang]: e.target.value })} />
    );
  };
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {field('zh')}
      {field('en')}
    </div>
  );
}
