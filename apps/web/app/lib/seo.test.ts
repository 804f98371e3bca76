import { describe, expect, it } from 'vitest';
import { absoluteUrl, robotsTxt, sitemapXml } from './seo';

describe('absoluteUrl', () => {
  it('joins the origin and a site path', () => {
    expect(absoluteUrl('https://shop.test', '/category/1')).toBe('https://shop.test/category/1');
    expect(absoluteUrl('https://shop.test/', 'images/a.svg')).toBe('https://shop.test/images/a.svg');
  });
  it('keeps absolute URLs', () => {
    expect(absoluteUrl('https://shop.test', 'https://cdn.test/a.png')).toBe('https://cdn.test/a.png');
  });
});

describe('sitemapXml', () => {
  it('lists each URL once, escaped, with an optional date', () => {
    const xml = sitemapXml([
      { loc: 'https://shop.test/' },
      { loc: 'https://shop.test/search?keyword=a&page=2' },
      { loc: 'https://shop.test/' },
      { loc: 'https://shop.test/article/1', lastmod: Date.UTC(2026, 10, 21, 12) },
    ]);
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml.match(/<url>/g)).toHaveLength(3);
    expect(xml).toContain('<loc>https://shop.test/search?keyword=a&amp;page=2</loc>');
    expect(xml).toContain('<loc>https://shop.test/article/1</loc><lastmod>2026-11-21</lastmod>');
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  });
});

describe('robotsTxt', () => {
  it('allows everything but the account pages, the cart and the API, and names the sitemap', () => {
    const text = robotsTxt('https://shop.test');
    expect(text.split('\n')).toEqual([
      'User-agent: *',
      'Allow: /',
      'Disallow: /user/',
      'Disallow: /cart',
      'Disallow: /api/',
      '',
      'Sitemap: https://shop.test/sitemap.xml',
      '',
    ]);
  });
});
