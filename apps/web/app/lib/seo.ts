// sitemap.xml and robots.txt (routes/sitemap.ts, routes/robots.ts) and absolute URLs for meta tags.

/** An absolute URL on `origin` for a site path; absolute http(s) URLs are kept as they are. */
export function absoluteUrl(origin: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  return `${origin.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface SitemapEntry {
  loc: string;
  /** Epoch milliseconds. */
  lastmod?: number;
}

export function sitemapXml(entries: SitemapEntry[]): string {
  const seen = new Set<string>();
  const urls: string[] = [];
  for (const entry of entries) {
    if (seen.has(entry.loc)) continue;
    seen.add(entry.loc);
    const lastmod =
      entry.lastmod && Number.isFinite(entry.lastmod)
        ? `<lastmod>${new Date(entry.lastmod).toISOString().slice(0, 10)}</lastmod>`
        : '';
    urls.push(`<url><loc>${escapeXml(entry.loc)}</loc>${lastmod}</url>`);
  }
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    urls.map((u) => `  ${u}\n`).join('') +
    '</urlset>\n'
  );
}

/** Everything may be crawled except the account pages, the cart and the API. */
export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /user/',
    'Disallow: /cart',
    'Disallow: /api/',
    '',
    `Sitemap: ${absoluteUrl(origin, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
