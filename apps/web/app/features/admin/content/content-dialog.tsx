import { useState } from 'react';
import type { Endpoint } from '@shop/contract/endpoints';
import { useAdminWrite } from '../kit/actions';
import { SelectField, TextField } from '../kit/form';
import { FormDialog, useSubmit } from '../kit/form-dialog';
import { ImageUpload } from '../kit/image-upload';
import { BilingualFields } from '../kit/bilingual-fields';
import { anyError, bothRequired, hrefError, wholeError } from '../kit/checks';
import { useAdminT } from '../kit/use-admin-t';
import {
  type Placement,
  PlacementFields,
  placementBody,
  placementOf,
  positionError,
  SORT_BOUNDS,
} from './placement';

// The one dialog of the content lists (issue 30: banners, home sections, zones and footer links
// had a copy each): a page lists its fields, the dialog holds the draft, checks it as the API
// does (the messages name the field), sends the create or the update and says what the server
// refused. The fields end with the row's place (its position when it has one, its sort) and its
// visibility.

type Pair = { zh: string; en: string };

/** One field of a content row, in the order the dialog shows them. */
export type ContentField =
  /** A text in both languages, sent as `<key>_zh` / `<key>_en`. */
  | { kind: 'pair'; key: string; label: string; max: number; required?: boolean }
  /** An address (a web address or a shop path), required or not. */
  | { kind: 'href'; key: string; label: string; max: number; required?: boolean }
  /** A picture; `missing` is the message when it is required and empty. */
  | { kind: 'image'; key: string; label: string; missing?: string }
  | { kind: 'select'; key: string; label: string; options: { value: string; label: string }[] };

type Draft = Placement & { position: string; values: Record<string, string | Pair> };
type Errors = Record<string, string | Partial<Pair> | undefined>;
type ContentRow = { id: number; sort: number; is_show: number } & Record<string, unknown>;

function draftOf(fields: ContentField[], row: ContentRow | null): Draft {
  const values: Draft['values'] = {};
  for (const f of fields) {
    if (f.kind === 'pair')
      values[f.key] = { zh: String(row?.[`${f.key}_zh`] ?? ''), en: String(row?.[`${f.key}_en`] ?? '') };
    else values[f.key] = String(row?.[f.key] ?? (f.kind === 'select' ? f.options[0]!.value : ''));
  }
  return { position: String(row?.position ?? 'home'), values, ...placementOf(row) };
}

export function ContentDialog<Row extends ContentRow>({
  area,
  testId,
  row,
  fields,
  positioned = false,
  create,
  update,
  onClose,
  onSaved,
}: {
  /** The content area whose texts name the dialog (`content.<area>.new` / `.edit`). */
  area: 'banners' | 'modules' | 'zones' | 'links';
  testId: string;
  /** The row edited, or null for a new one. */
  row: Row | null;
  fields: ContentField[];
  /** Whether rows are placed by position (banners, home sections). */
  positioned?: boolean;
  create: Endpoint;
  update: Endpoint;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [draft, setDraft] = useState<Draft>(() => draftOf(fields, row));
  const [errors, setErrors] = useState<Errors>({});
  const text = (key: string) => draft.values[key] as string;
  const pair = (key: string) => draft.values[key] as Pair;
  const set = (key: string, value: string | Pair) =>
    setDraft({ ...draft, values: { ...draft.values, [key]: value } });

  const { busy, error, submit } = useSubmit(async () => {
    const found: Errors = {};
    for (const f of fields) {
      if (f.kind === 'pair' && f.required) found[f.key] = bothRequired(t, f.label, pair(f.key));
      if (f.kind === 'href') found[f.key] = hrefError(t, f.label, text(f.key), f.required ?? false);
      if (f.kind === 'image')
        found[f.key] =
          f.missing && !text(f.key).trim()
            ? f.missing
            : hrefError(t, f.label, text(f.key), Boolean(f.missing));
    }
    found.sort = wholeError(t, t('content.common.sort'), draft.sort, SORT_BOUNDS);
    if (positioned) found.position = positionError(t, draft.position);
    setErrors(found);
    if (anyError(found)) return;
    const body: Record<string, unknown> = positioned ? { position: draft.position } : {};
    for (const f of fields) {
      if (f.kind === 'pair') {
        body[`${f.key}_zh`] = pair(f.key).zh;
        body[`${f.key}_en`] = pair(f.key).en;
      } else body[f.key] = f.kind === 'select' ? text(f.key) : text(f.key).trim();
    }
    Object.assign(body, placementBody(draft));
    if (row) await write.quiet(update, { id: row.id, ...body } as never);
    else await write.quiet(create, body as never);
    onSaved();
  });

  const fieldOf = (f: ContentField) => {
    const failed = errors[f.key];
    switch (f.kind) {
      case 'pair':
        return (
          <BilingualFields
            key={f.key}
            label={f.label}
            name={f.key}
            value={pair(f.key)}
            max={f.max}
            {...(f.required ? { errors: (failed as Partial<Pair>) ?? {} } : {})}
            onChange={(value) => set(f.key, value)}
          />
        );
      case 'href':
        return (
          <TextField
            key={f.key}
            label={f.label}
            hint={t('content.common.hrefHint')}
            value={text(f.key)}
            maxLength={f.max}
            error={failed as string | undefined}
            onChange={(e) => set(f.key, e.target.value)}
          />
        );
      case 'image':
        return (
          <ImageUpload
            key={f.key}
            label={f.label}
            value={text(f.key)}
            error={failed as string | undefined}
            onChange={(value) => set(f.key, value)}
          />
        );
      case 'select':
        return (
          <SelectField
            key={f.key}
            label={f.label}
            value={text(f.key)}
            onChange={(e) => set(f.key, e.target.value)}
          >
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </SelectField>
        );
    }
  };

  return (
    <FormDialog
      title={row ? t(`content.${area}.edit`) : t(`content.${area}.new`)}
      testId={testId}
      busy={busy}
      error={error}
      onSubmit={submit}
      onClose={onClose}
    >
      {fields.map(fieldOf)}
      <PlacementFields
        value={draft}
        errors={errors as { sort?: string; position?: string }}
        onChange={setDraft}
        {...(positioned
          ? { position: { value: draft.position, onChange: (position) => setDraft({ ...draft, position }) } }
          : {})}
      />
    </FormDialog>
  );
}
