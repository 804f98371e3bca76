import 'i18next';
import type zhCN from './zh-CN.json';

// Translation keys are checked against the default (zh-CN) bundle; i18n.test.ts keeps en in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof zhCN };
  }
}
