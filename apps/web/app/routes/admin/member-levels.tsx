import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { memberLevelsActions, memberLevelsLoader, MemberLevels } from '../../features/admin/settings';

// Issue 31: member levels (permission `promotions`), under the console's settings.

export const meta = adminMeta('promotions.levels.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = memberLevelsLoader;

export const clientAction = memberLevelsActions;

export default MemberLevels;
