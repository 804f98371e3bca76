import type { AdminMailTemplate } from '@shop/contract/admin/channels.schemas';
import type { Locale } from '@shop/domain/locale';
import {
  DEFAULT_MAIL_TEMPLATES,
  MAIL_SAMPLE_VALUES,
  MAIL_TEMPLATE_KINDS,
  MAIL_TEMPLATE_LANGS,
  MAIL_TEMPLATE_VARIABLES,
  type MailTemplate,
  type MailTemplateKind,
  type MailValues,
  renderMailTemplate,
  unknownMailVariables,
} from '@shop/domain/mail-templates';
import type { Database, Executor } from '../../db/database.ts';
import { AppError } from '../../plugins/errors.ts';
import { type Actor, recordAudit } from '../audit/audit.service.ts';
import {
  deleteMailTemplate,
  findMailTemplate,
  findMailTemplatesOf,
  listMailTemplates,
  upsertMailTemplate,
} from './mail-templates.repository.ts';

// The mails operators rewrite (issue 32, decision 083). A mail is built from the stored template of
// its kind when there is one, else from the built-in text its module writes as before. Mails in one
// language (the code, the receipt) take that language's template; the mails that are bilingual
// today stay bilingual: the zh-CN part, then the en part, each the stored template or the default.

/** A mail of one language from its stored template; undefined: none stored (the built-in text). */
export async function templatedMail(
  db: Executor,
  kind: MailTemplateKind,
  lang: Locale,
  values: MailValues,
): Promise<MailTemplate | undefined> {
  const stored = await findMailTemplate(db, kind, lang);
  return stored ? renderMailTemplate(stored, values) : undefined;
}

/**
 * A bilingual mail when a template of its kind is stored in either language: the zh-CN part, then
 * the en part; undefined when neither is stored (the built-in text).
 */
export async function bilingualMail(
  db: Executor,
  kind: MailTemplateKind,
  values: Record<Locale, MailValues>,
): Promise<MailTemplate | undefined> {
  const stored = await findMailTemplatesOf(db, kind);
  if (stored.length === 0) return undefined;
  const part = (lang: Locale) =>
    renderMailTemplate(
      stored.find((t) => t.lang === lang) ?? DEFAULT_MAIL_TEMPLATES[kind][lang],
      values[lang],
    );
  const zh = part('zh-CN');
  const en = part('en');
  return { subject: `${zh.subject} / ${en.subject}`, body: `${zh.body}\n\n${en.body}` };
}

function checkVariables(kind: MailTemplateKind, text: MailTemplate) {
  const unknown = unknownMailVariables(kind, `${text.subject}\n${text.body}`);
  if (unknown.length > 0)
    throw new AppError(400, 'mail_template_variable', {
      name: `{{${unknown[0]}}}`,
      allowed: MAIL_TEMPLATE_VARIABLES[kind].map((v) => `{{${v}}}`).join(' '),
    });
}

function view(
  kind: MailTemplateKind,
  lang: Locale,
  row: { subject: string; body: string; updated_at: number } | undefined,
): AdminMailTemplate {
  const builtIn = DEFAULT_MAIL_TEMPLATES[kind][lang];
  return {
    kind,
    lang,
    subject: row?.subject ?? builtIn.subject,
    body: row?.body ?? builtIn.body,
    customized: row !== undefined,
    variables: [...MAIL_TEMPLATE_VARIABLES[kind]],
    default: builtIn,
    updated_at: row ? Number(row.updated_at) : null,
  };
}

export async function mailTemplatesList(db: Database): Promise<{ list: AdminMailTemplate[] }> {
  const rows = await listMailTemplates(db);
  const list: AdminMailTemplate[] = [];
  for (const kind of MAIL_TEMPLATE_KINDS)
    for (const lang of MAIL_TEMPLATE_LANGS)
      list.push(
        view(
          kind,
          lang,
          rows.find((r) => r.kind === kind && r.lang === lang),
        ),
      );
  return { list };
}

type TemplateInput = { kind: MailTemplateKind; lang: Locale; subject: string; body: string };

/** Stores a template after checking its variables; audited (before → after texts). */
export async function saveMailTemplate(
  db: Database,
  actor: Actor,
  input: TemplateInput,
): Promise<AdminMailTemplate> {
  checkVariables(input.kind, input);
  return db.transaction().execute(async (trx) => {
    const before = await findMailTemplate(trx, input.kind, input.lang);
    const now = Date.now();
    await upsertMailTemplate(trx, input, now);
    await recordAudit(trx, actor, {
      action: 'settings.mail_template',
      objectType: 'settings',
      objectId: `mail:${input.kind}:${input.lang}`,
      before: { subject: before?.subject ?? null, body: before?.body ?? null },
      after: { subject: input.subject, body: input.body },
    });
    return view(input.kind, input.lang, { subject: input.subject, body: input.body, updated_at: now });
  });
}

/** The text rendered with sample data, checked like a save; nothing is stored. */
export function previewMailTemplate(input: TemplateInput): MailTemplate {
  checkVariables(input.kind, input);
  return renderMailTemplate(input, MAIL_SAMPLE_VALUES[input.kind][input.lang]);
}

/** Back to the built-in text; audited when something was stored. */
export async function resetMailTemplate(
  db: Database,
  actor: Actor,
  input: { kind: MailTemplateKind; lang: Locale },
): Promise<AdminMailTemplate> {
  return db.transaction().execute(async (trx) => {
    const before = await findMailTemplate(trx, input.kind, input.lang);
    if (before && (await deleteMailTemplate(trx, input.kind, input.lang)))
      await recordAudit(trx, actor, {
        action: 'settings.mail_template_reset',
        objectType: 'settings',
        objectId: `mail:${input.kind}:${input.lang}`,
        before: { subject: before.subject, body: before.body },
        after: { subject: null, body: null },
      });
    return view(input.kind, input.lang, undefined);
  });
}
