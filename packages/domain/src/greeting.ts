// SPEC §4 "Greeting by local hour": the notification shown after login.
export type GreetingKey = 'early_morning' | 'morning' | 'noon' | 'afternoon' | 'evening';

/** The greeting for a local hour (0–23): under 8, up to 11, up to 13, under 18, otherwise. */
export function greetingKey(hour: number): GreetingKey {
  if (hour < 8) return 'early_morning';
  if (hour <= 11) return 'morning';
  if (hour <= 13) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

const GREETINGS: Record<'zh-CN' | 'en', Record<GreetingKey, string>> = {
  'zh-CN': {
    early_morning: '早上好',
    morning: '上午好',
    noon: '中午好',
    afternoon: '下午好',
    evening: '晚上好',
  },
  en: {
    early_morning: 'Good morning',
    morning: 'Good morning',
    noon: 'Good noon',
    afternoon: 'Good afternoon',
    evening: 'Good evening',
  },
};

export function greeting(hour: number, locale: 'zh-CN' | 'en'): string {
  return GREETINGS[locale][greetingKey(hour)];
}
