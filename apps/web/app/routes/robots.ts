// /robots.txt (a route rather than a static file: the sitemap URL needs the shop's public address).
import type { Route } from './+types/robots';
import { publicUrl } from '../lib/public-url.server';
import { robotsTxt } from '../lib/seo';

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicUrl(request, context)), {
    headers: {
      'Content-Type': 'text/plain; charset=utf-8',
      'Cache-Control': 'public, max-age=3600',
    },
  });
}
