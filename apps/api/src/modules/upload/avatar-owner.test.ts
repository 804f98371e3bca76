import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, testEngines } from '../../../test/helpers.ts';
import { shopFixture } from '../../../test/shop-fixture.ts';

// Issue 11, finding 10: the avatar could point at another user's upload. Only the user's own
// uploads are accepted (decision 024: the object key carries a MAC of its owner).

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const S3 = {
  S3_ENDPOINT: 'https://s3.example.test',
  S3_BUCKET: 'shop-avatars',
  S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
  S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  S3_PUBLIC_URL: 'https://cdn.example.test/avatars-bucket',
};

describe.each(
  testEngines().flatMap((engine) => [
    [engine, 'local'],
    [engine, 's3'],
  ]),
)('an avatar is one of the user’s own uploads (%s, %s store)', (engine, store) => {
  let t: TestApp;
  let alice: string;
  let bob: string;

  const grant = async (token: string) =>
    (await t.app.inject({ url: '/api/front/oss/getStsToken', headers: { authorization: token } })).json()
      .data as { fields: Record<string, string>; public_url: string };
  /** A picture uploaded by `token` (to the local store; S3 is not reached in tests) → its address. */
  const uploaded = async (token: string) => {
    const g = await grant(token);
    if (store === 'local') {
      const form = new FormData();
      for (const [name, value] of Object.entries(g.fields)) form.append(name, value);
      form.append('Content-Type', 'image/png');
      form.append('file', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'a.png');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/front/oss/upload',
        payload: Buffer.from(await request.arrayBuffer()),
        headers: { 'content-type': request.headers.get('content-type')! },
      });
      expect(res.statusCode).toBe(200);
    }
    return g.public_url;
  };
  const setAvatar = (token: string, avatar: string, locale = 'en') =>
    t.app.inject({
      method: 'POST',
      url: '/api/front/user/info',
      payload: { avatar },
      headers: { authorization: token, locale },
    });
  const avatarOf = async (token: string) =>
    (await t.app.inject({ url: '/api/front/user/info', headers: { authorization: token } })).json().data
      .avatar as string;

  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-avatar-'));
    const shop = await shopFixture(engine, { DATA_DIR: dataDir, ...(store === 's3' ? S3 : {}) });
    t = shop.t;
    alice = shop.buyer;
    bob = await shop.register('avatar-bob@demo.test');
  });
  afterAll(() => t.close());

  it('refuses another user’s upload with a localized 400 and keeps the avatar', async () => {
    const alices = await uploaded(alice);
    const bobs = await uploaded(bob);
    expect((await setAvatar(bob, bobs)).statusCode).toBe(200);

    const en = await setAvatar(bob, alices);
    expect(en.statusCode).toBe(400);
    expect(en.json()).toEqual({
      code: 400,
      msg: 'The avatar must be a picture you uploaded to this shop',
      data: null,
    });
    const zh = await setAvatar(bob, alices, 'zh-CN');
    expect(zh.json().msg).toBe('头像必须是你在本站上传的图片');
    expect(await avatarOf(bob)).toBe(bobs);

    // The owner may use it; each may clear theirs.
    expect((await setAvatar(alice, alices)).statusCode).toBe(200);
    expect(await avatarOf(alice)).toBe(alices);
    expect((await setAvatar(bob, '')).statusCode).toBe(200);
    expect(await avatarOf(bob)).toBe('');
  });

  it('refuses a key made up in the shop’s shape', async () => {
    const own = await uploaded(bob);
    const forged = own.replace(/[0-9a-f]{32}$/, '0123456789abcdef0123456789abcdef');
    expect((await setAvatar(bob, forged)).statusCode).toBe(400);
  });
});
