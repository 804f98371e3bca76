import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { operatorsActions, operatorsLoader, Operators } from '../../features/admin/operators/operators-page';

export const meta = adminMeta('auth.operators.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = operatorsLoader;

export const clientAction = operatorsActions;

export default Operators;
