import type { Locale } from '@shop/domain/locale';

type Text = Record<Locale, string>;

// Field labels of the console's session, operator and audit endpoints, for the localized message
// of a refused request (validation-messages.ts). FIELDS apply on every admin route; ROUTES name a
// field that means something else on one route.
export const authFields: Record<string, Text> = {
  totp: { 'zh-CN': '动态码', en: 'Authenticator code' },
  order: { 'zh-CN': '排序方向', en: 'Sort direction' },
  role: { 'zh-CN': '角色', en: 'Role' },
  permissions: { 'zh-CN': '权限', en: 'Permissions' },
  'permissions.*': { 'zh-CN': '第 {1} 项权限', en: 'Permission {1}' },
  is_active: { 'zh-CN': '启用状态', en: 'Active' },
  operator_id: { 'zh-CN': '操作员', en: 'Operator' },
  action: { 'zh-CN': '操作', en: 'Action' },
  object_type: { 'zh-CN': '对象类型', en: 'Object type' },
  object_id: { 'zh-CN': '对象编号', en: 'Object ID' },
};

export const authRoutes: Record<string, Record<string, Text>> = {
  '/api/admin/auth/login': { account: { 'zh-CN': '邮箱', en: 'Email' } },
  '/api/admin/auth/totp/enable': { code: { 'zh-CN': '动态码', en: 'Authenticator code' } },
  '/api/admin/operator/create': { name: { 'zh-CN': '名称', en: 'Name' } },
  '/api/admin/operator/update': {
    id: { 'zh-CN': '操作员', en: 'Operator' },
    name: { 'zh-CN': '名称', en: 'Name' },
  },
  '/api/admin/operator/reset_password': { id: { 'zh-CN': '操作员', en: 'Operator' } },
  '/api/admin/audit/list': {
    from: { 'zh-CN': '开始时间', en: 'From' },
    to: { 'zh-CN': '结束时间', en: 'To' },
  },
};
