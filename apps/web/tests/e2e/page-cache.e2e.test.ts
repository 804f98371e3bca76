// The server's page cache (decision 014): rendered 200 documents are shared per URL and language
// for the TTL; nothing else is kept.
import { describe, expect, it } from 'vitest';
import { testShop } from './fixture';
import { SHOP_VARIANTS } from './harness';

const shop = testShop(SHOP_VARIANTS.longCache);

async function get(path: string, init: RequestInit = {}) {
  const res = await fetch(shop.baseUrl + path, init);
  const html = await res.text();
  return {
    status: res.status,
    cache: res.headers.get('x-cache'),
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    html,
  };
}

describe('page cache', () => {
  it('renders a document once per URL and language, and serves the same bytes after', async () => {
    const first = await get('/zone/1');
    const second = await get('/zone/1');
    expect([first.cache, second.cache]).toEqual(['MISS', 'HIT']);
    // The same bytes but for the CSP nonce, which is new on every response (decision 023).
    const withoutNonce = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
    expect(withoutNonce(second.html)).toBe(withoutNonce(first.html));
    const english = await get('/zone/1', { headers: { cookie: 'language=en' } });
    expect(english).toMatchObject({ cache: 'MISS', lang: 'en' });
    expect((await get('/zone/1', { headers: { cookie: 'theme=x; language=en' } })).cache).toBe('HIT');
    expect((await get('/zone/1')).lang).toBe('zh-CN');
    expect((await get('/zone/1?page=2')).cache).toBe('MISS');
  });

  it('never keeps an error page, a request with credentials, or a data request', async () => {
    for (let i = 0; i < 2; i++) {
      expect(await get('/no/such/page')).toMatchObject({ status: 404, cache: 'MISS' });
    }
    const withToken = await get('/zone/1', { headers: { authorization: 'some-token' } });
    expect(withToken.cache).toBeNull();
    const data = await fetch(`${shop.baseUrl}/zone/1.data`);
    expect(data.headers.get('x-cache')).toBeNull();
  });
});
