import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { adminEndpoints } from '@shop/contract/admin/endpoints';
import type { EndpointData } from '@shop/contract/endpoint-schemas';
import { TICKET_MESSAGE_MAX } from '@shop/domain/support';
import { message } from '../../../lib/toast';
import { useAdminWrite } from '../kit/actions';
import { Panel } from '../kit/admin-page';
import { useSubmit } from '../kit/form-dialog';
import { FormError } from '../kit/form';
import { useAdminT } from '../kit/use-admin-t';

type Canned = EndpointData<typeof adminEndpoints.cannedList>[number];

/**
 * The reply to a ticket: a canned reply is inserted where the cursor is (or appended), and one
 * request_key belongs to the text being written, so a double click or a retry posts it once; a new
 * key is taken after it was sent.
 */
export function ReplyBox({ ticketId, canned }: { ticketId: number; canned: Canned[] }) {
  const { t } = useAdminT();
  const write = useAdminWrite();
  const [body, setBody] = useState('');
  const [close, setClose] = useState(false);
  const [requestKey, setRequestKey] = useState(() => crypto.randomUUID());
  const [fieldError, setFieldError] = useState('');
  const area = useRef<HTMLTextAreaElement>(null);
  const { busy, error, submit } = useSubmit(async () => {
    if (!body.trim()) {
      setFieldError(t('support.ticket.replyRequired'));
      return;
    }
    setFieldError('');
    await write.quiet(adminEndpoints.ticketReply, {
      id: ticketId,
      body,
      close: close ? 1 : 0,
      request_key: requestKey,
    });
    message.success(t('support.ticket.sent'));
    setBody('');
    setClose(false);
    setRequestKey(crypto.randomUUID());
  });

  function insert(id: string) {
    const reply = canned.find((c) => String(c.id) === id);
    if (!reply) return;
    const el = area.current;
    const start = el?.selectionStart ?? body.length;
    const end = el?.selectionEnd ?? body.length;
    const next = `${body.slice(0, start)}${reply.body}${body.slice(end)}`.slice(0, TICKET_MESSAGE_MAX);
    setBody(next);
    requestAnimationFrame(() => {
      el?.focus();
      const at = Math.min(next.length, start + reply.body.length);
      el?.setSelectionRange(at, at);
    });
  }

  return (
    <Panel title={t('support.ticket.reply')}>
      <form onSubmit={submit} noValidate className="space-y-3" data-testid="reply-form">
        <div className="flex flex-wrap items-center gap-2">
          <select
            className="input h-9 w-auto min-w-48 text-sm"
            aria-label={t('support.ticket.canned')}
            value=""
            onChange={(e) => insert(e.target.value)}
            disabled={canned.length === 0}
            data-testid="canned-picker"
          >
            <option value="">
              {canned.length ? t('support.ticket.canned') : t('support.ticket.cannedNone')}
            </option>
            {canned.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          <Link to="/admin/support-replies" className="text-sm text-brand-700 hover:underline">
            {t('support.ticket.cannedManage')}
          </Link>
        </div>
        <div>
          <label htmlFor="ticket-reply" className="mb-1 block text-sm font-medium text-stone-800">
            {t('support.ticket.replyLabel')}
          </label>
          <textarea
            id="ticket-reply"
            ref={area}
            className="input min-h-32"
            value={body}
            maxLength={TICKET_MESSAGE_MAX}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby="ticket-reply-msg"
            onChange={(e) => setBody(e.target.value)}
          />
          {fieldError ? (
            <p id="ticket-reply-msg" role="alert" className="mt-1 text-xs text-red-700">
              {fieldError}
            </p>
          ) : (
            <p id="ticket-reply-msg" className="mt-1 text-xs text-stone-500">
              {t('support.ticket.replyHint', { count: body.length, max: TICKET_MESSAGE_MAX })}
            </p>
          )}
        </div>
        <FormError message={error} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="inline-flex items-center gap-2 text-sm text-stone-800">
            <input type="checkbox" checked={close} onChange={(e) => setClose(e.target.checked)} />
            {t('support.ticket.closeAfter')}
          </label>
          <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('support.ticket.sending') : t('support.ticket.send')}
          </button>
        </div>
      </form>
    </Panel>
  );
}
