// /robots.txt (a route rather than a static file: the sitemap URL needs the request's origin).
import type { Route } from './+types/robots';
import { robotsTxt } from '../lib/seo';

export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(new URL(request.url).origin), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
