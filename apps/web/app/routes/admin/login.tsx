import { adminMeta } from '../../features/admin/kit/meta';
import { AdminLogin } from '../../features/admin/account/login-page';

export const meta = adminMeta('auth.login.title');

export function HydrateFallback() {
  return <div className="min-h-dvh bg-stone-100" />;
}

export default AdminLogin;
