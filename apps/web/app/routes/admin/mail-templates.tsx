import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import {
  mailTemplatesActions,
  mailTemplatesLoader,
  MailTemplatesPage,
} from '../../features/admin/channels/mail-templates-page';

export const meta = adminMeta('channels.templates.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = mailTemplatesLoader;

export const clientAction = mailTemplatesActions;

export default MailTemplatesPage;
