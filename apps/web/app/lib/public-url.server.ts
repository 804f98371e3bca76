// Absolute URLs (canonical, Open Graph, robots.txt, sitemap.xml) are built on the shop's configured
// address. A cached page or sitemap is served to every visitor, so it must never carry the Host
// header one client sent (issue 11, finding 3).
import type { AppLoadContext } from 'react-router';
import './load-context';

/** PUBLIC_URL as the server passes it; the request's own origin only without that server (`react-router dev`). */
export function publicUrl(request: Request, context: AppLoadContext | undefined): string {
  const configured = context?.publicUrl;
  if (typeof configured === 'string' && configured) return configured.replace(/\/+$/, '');
  return new URL(request.url).origin;
}
