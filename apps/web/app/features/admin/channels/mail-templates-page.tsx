import { useState } from 'react';
import { useLoaderData } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import {
  MAIL_BODY_MAX,
  MAIL_SUBJECT_MAX,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_LANGS,
  type MailTemplateKind,
} from '@shop/domain/mail-templates';
import type { Locale } from '@shop/domain/locale';
import { isApiError } from '../../../lib/http';
import { message } from '../../../lib/toast';
import { adminActions, useAdminWrite } from '../kit/actions';
import { adminQuiet } from '../kit/admin-api';
import { adminLoader } from '../kit/admin-loader';
import { AdminPage, Panel } from '../kit/admin-page';
import { AuditTrail } from '../kit/audit-trail';
import { confirmed } from '../kit/confirm';
import { useSubmit } from '../kit/form-dialog';
import { FormError, SelectField, TextAreaField, TextField } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';

// The mails' templates (issue 32, decision 083): one kind and language at a time, its variables
// listed, a preview with sample data, save (the API refuses an unknown variable, naming it) and
// reset to the built-in text.

type Template = EndpointData<typeof adminEndpoints.mailTemplatesList>['list'][number];
type Preview = EndpointData<typeof adminEndpoints.mailTemplatePreview>;

/** The mails sent in both languages at once (the others in the buyer's language). */
const BILINGUAL = new Set<MailTemplateKind>(['keys_delivered', 'shipped', 'refund', 'ticket_reply']);

export const mailTemplatesActions = adminActions([
  adminEndpoints.mailTemplateSave,
  adminEndpoints.mailTemplateReset,
]);

export const mailTemplatesLoader = adminLoader(() => adminQuiet.call(adminEndpoints.mailTemplatesList));

function Editor({ template }: { template: Template }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [subject, setSubject] = useState(template.subject);
  const [body, setBody] = useState(template.body);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [previewError, setPreviewError] = useState('');
  const input = { kind: template.kind, lang: template.lang, subject, body };
  const required = () => {
    if (!subject.trim()) return t('channels.templates.required', { field: t('channels.templates.subject') });
    if (!body.trim()) return t('channels.templates.required', { field: t('channels.templates.body') });
    return '';
  };
  const [missing, setMissing] = useState('');
  const { busy, error, submit } = useSubmit(async () => {
    const problem = required();
    setMissing(problem);
    if (problem) return;
    await write.quiet(adminEndpoints.mailTemplateSave, input);
    message.success(t('common.saved'));
  });

  async function showPreview() {
    setPreviewError('');
    const missing = required();
    if (missing) return setPreviewError(missing);
    try {
      setPreview(await adminQuiet.call(adminEndpoints.mailTemplatePreview, input));
    } catch (e) {
      if (!isApiError(e)) throw e;
      setPreview(null);
      setPreviewError(e.msg);
    }
  }

  async function reset() {
    if (!confirmed(t('channels.templates.resetConfirm'))) return;
    try {
      const back = await write.quiet(adminEndpoints.mailTemplateReset, {
        kind: template.kind,
        lang: template.lang,
      });
      setSubject(back.subject);
      setBody(back.body);
      setPreview(null);
      message.success(t('channels.templates.resetDone'));
    } catch (e) {
      if (!isApiError(e)) throw e;
      message.error(e.msg);
    }
  }

  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <Panel
        title={`${t(`channels.templates.kinds.${template.kind}`)} · ${t(`channels.templates.langs.${template.lang}`)}`}
      >
        <form onSubmit={submit} noValidate className="space-y-3" data-testid="mail-template-form">
          <p className="text-sm text-stone-600" data-testid="mail-template-state">
            {template.customized ? t('channels.templates.customized') : t('channels.templates.builtIn')}
          </p>
          {BILINGUAL.has(template.kind) ? (
            <p className="text-xs text-stone-500">{t('channels.templates.bilingualNote')}</p>
          ) : null}
          <TextField
            label={t('channels.templates.subject')}
            value={subject}
            maxLength={MAIL_SUBJECT_MAX}
            onChange={(e) => setSubject(e.target.value)}
            data-testid="mail-template-subject"
          />
          <TextAreaField
            label={t('channels.templates.body')}
            value={body}
            rows={10}
            maxLength={MAIL_BODY_MAX}
            onChange={(e) => setBody(e.target.value)}
            data-testid="mail-template-body"
          />
          <div className="text-sm">
            <p className="font-medium text-stone-800">{t('channels.templates.variables')}</p>
            <ul className="mt-1 flex flex-wrap gap-1.5" data-testid="mail-template-variables">
              {template.variables.map((v) => (
                <li key={v} className="rounded bg-stone-100 px-1.5 py-0.5 font-mono text-xs text-stone-700">
                  {`{{${v}}}`}
                </li>
              ))}
            </ul>
          </div>
          <FormError message={missing || error} />
          <div className="flex flex-wrap justify-end gap-2">
            {template.customized ? (
              <button type="button" className="btn-outline" onClick={() => void reset()}>
                {t('channels.templates.reset')}
              </button>
            ) : null}
            <button type="button" className="btn-outline" onClick={() => void showPreview()}>
              {t('channels.templates.preview')}
            </button>
            <button type="submit" className="btn-primary" disabled={busy} data-testid="mail-template-save">
              {busy ? t('common.saving') : t('common.save')}
            </button>
          </div>
        </form>
      </Panel>
      <Panel title={t('channels.templates.previewTitle')}>
        {previewError ? <FormError message={previewError} /> : null}
        {preview ? (
          <div className="space-y-2 text-sm" data-testid="mail-template-preview">
            <p className="font-medium break-words text-stone-900">{preview.subject}</p>
            <pre className="font-sans break-words whitespace-pre-wrap text-stone-700">{preview.body}</pre>
          </div>
        ) : null}
      </Panel>
    </div>
  );
}

export function MailTemplatesPage() {
  const { t } = useAdminT();
  const { list } = useLoaderData<typeof mailTemplatesLoader>();
  const [kind, setKind] = useState<MailTemplateKind>('keys_delivered');
  const [lang, setLang] = useState<Locale>('zh-CN');
  const template = list.find((x) => x.kind === kind && x.lang === lang)!;
  return (
    <AdminPage title={t('channels.templates.title')} intro={t('channels.templates.intro')}>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label={t('channels.templates.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as MailTemplateKind)}
          data-testid="mail-template-kind"
        >
          {MAIL_TEMPLATE_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`channels.templates.kinds.${k}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t('channels.templates.lang')}
          value={lang}
          onChange={(e) => setLang(e.target.value as Locale)}
          data-testid="mail-template-lang"
        >
          {MAIL_TEMPLATE_LANGS.map((l) => (
            <option key={l} value={l}>
              {t(`channels.templates.langs.${l}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <Editor key={`${kind}:${lang}:${template.updated_at ?? 'default'}`} template={template} />
      <AuditTrail objectType="settings" />
    </AdminPage>
  );
}
