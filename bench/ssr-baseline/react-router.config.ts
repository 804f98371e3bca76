import type { Config } from '@react-router/dev/config';

// The yardstick of ARCHITECTURE.md §7: the smallest React Router SSR page, served by the shop's
// own Fastify adapter (WEB_BUILD_DIR), so the ratio measures what our pages add.
export default { ssr: true, appDirectory: 'app', buildDirectory: 'build' } satisfies Config;
