import { describe, expect, it } from 'vitest';
import { PICTURE_PATTERN } from './admin/catalog.endpoints.ts';
import { HREF_PATTERN } from './admin/content.limits.ts';
import { isStoredLink } from './link.ts';

// Issue 29: `/\evil.example/x` passed the link pattern, and browsers open it off-site.

const GOOD = [
  '/',
  '/goods/12',
  '/article/1?from=banner#top',
  '/search?keyword=%E5%8E%9F%E7%A5%9E',
  '/search?keyword=原神',
  '/uploads/catalog/202611/0123456789abcdef0123456789abcdef',
  '/a//b',
  '/a/%2Fb',
  'https://example.com',
  'HTTPS://Example.com/A?b=c',
  'http://example.com:8080/x/y',
  'https://cdn.example.test/avatars-bucket/catalog/202611/x.png',
];

const BAD = [
  // Protocol-relative, spelled out.
  '//evil.example/x',
  '/\\evil.example/x',
  '\\\\evil.example/x',
  '\\/evil.example/x',
  '/\\/evil.example',
  // Whitespace and controls the URL parser drops or trims.
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  '/ /evil.example',
  '/\u3000/evil.example',
  '/\u00a0/evil.example',
  '/\u200b/evil.example',
  '/\u202e/evil.example',
  '/goods/1\u0000',
  // Percent-encoded forms, once or twice.
  '/%5Cevil.example',
  '/%5cevil.example',
  '/%2Fevil.example',
  '/%2f%2fevil.example',
  '/%252Fevil.example',
  '/%255Cevil.example',
  '/%09/evil.example',
  '/%0a/evil.example',
  '/%7f',
  '/x/%5C/y',
  '/100%',
  '/%zz',
  // A backslash anywhere, in a path or an address.
  '/goods\\1',
  'https://example.com\\@evil.example',
  'https:\\\\evil.example',
  'https:/\\evil.example',
  'https:///evil.example',
  'https://',
  'https:// evil.example',
  'http:evil.example',
  // Not a link the shop keeps.
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'evil.example',
  'goods/1',
  '',
];

describe('a stored link (LINK_PATTERN)', () => {
  it.each(GOOD)('takes %j', (link) => {
    expect(isStoredLink(link)).toBe(true);
    expect(HREF_PATTERN.test(link)).toBe(true);
    expect(PICTURE_PATTERN.test(link)).toBe(true);
  });

  it.each(BAD)('refuses %j', (link) => {
    expect(isStoredLink(link)).toBe(false);
    expect(HREF_PATTERN.test(link)).toBe(false);
    // A picture may be empty; nothing else on the list.
    expect(PICTURE_PATTERN.test(link)).toBe(link === '');
  });

  it('matches what the URL parser browsers share does with a path of the shop', () => {
    // Node's URL is the WHATWG parser: the refused relative forms leave the shop's origin...
    for (const bad of ['/\\evil.example/x', '\\\\evil.example/x', '/\t/evil.example', '/\n/evil.example']) {
      expect(new URL(bad, 'https://shop.example').origin, JSON.stringify(bad)).toBe('https://evil.example');
    }
    // ...and every path taken stays on it.
    for (const good of GOOD.filter((g) => g.startsWith('/'))) {
      expect(new URL(good, 'https://shop.example').origin, good).toBe('https://shop.example');
    }
  });
});
