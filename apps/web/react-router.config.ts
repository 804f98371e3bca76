import type { Config } from '@react-router/dev/config';

// ARCHITECTURE.md §2: framework mode with server rendering; route modules stay lazy (SPEC §2).
export default {
  appDirectory: 'app',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
