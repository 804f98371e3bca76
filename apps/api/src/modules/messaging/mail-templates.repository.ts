import type { Executor } from '../../db/database.ts';

export function findMailTemplate(db: Executor, kind: string, lang: string) {
  return db
    .selectFrom('mail_templates')
    .select(['subject', 'body', 'updated_at'])
    .where('kind', '=', kind)
    .where('lang', '=', lang)
    .executeTakeFirst();
}

export function findMailTemplatesOf(db: Executor, kind: string) {
  return db
    .selectFrom('mail_templates')
    .select(['lang', 'subject', 'body'])
    .where('kind', '=', kind)
    .execute();
}

export function listMailTemplates(db: Executor) {
  return db.selectFrom('mail_templates').selectAll().execute();
}

export async function upsertMailTemplate(
  db: Executor,
  row: { kind: string; lang: string; subject: string; body: string },
  now: number,
): Promise<void> {
  await db
    .insertInto('mail_templates')
    .values({ ...row, updated_at: now })
    .onConflict((oc) =>
      oc.columns(['kind', 'lang']).doUpdateSet({ subject: row.subject, body: row.body, updated_at: now }),
    )
    .execute();
}

export async function deleteMailTemplate(db: Executor, kind: string, lang: string): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_templates')
    .where('kind', '=', kind)
    .where('lang', '=', lang)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
