// The shape of the demo catalog (demo-catalog.ts), inserted by seed-demo.ts into an empty
// database outside production. Keys tie records together; prices are decimal strings in CNY
// (converted to minor units when seeded); images are paths under apps/web/public.

export type Text = { zh: string; en: string };

export type DemoCategory = {
  key: string;
  /** Key of the parent category; absent for a top-level one. */
  parent?: string;
  name: Text;
  /** e.g. '/images/categories/mobile.svg' */
  icon: string;
};

export type DemoSku = {
  spec: Text;
  price_cny: string;
  /** An explicit USD price; otherwise converted with the exchange rate. */
  price_usd?: string;
  /** Shown struck through when higher than the price. */
  original_cny?: string;
  /** Units in stock; null or absent = unlimited (direct top-ups, most manual goods). */
  stock?: number | null;
};

export type DemoFaceValue = {
  face_value: number;
  label: Text;
  price_cny: string;
  price_usd?: string;
  original_cny?: string;
  stock?: number | null;
};

export type DemoGoods = {
  key: string;
  category: string;
  name: Text;
  subtitle: Text;
  /** Plain text; paragraphs separated by a blank line. */
  description: Text;
  /** How to redeem or use it; plain text. */
  instructions: Text;
  image: string;
  images?: string[];
  /** 1 card key, 2 direct top-up, 3 manual delivery. */
  recharge_type: 1 | 2 | 3;
  /** recharge_type 3 only: shipped to the buyer's address (decision 030). */
  ships?: boolean;
  sales: number;
  /** spec_type 1: give skus. spec_type 2: give face_values. Exactly one of them. */
  skus?: DemoSku[];
  face_values?: DemoFaceValue[];
  /** recharge_type 2 only: the game's servers. */
  servers?: Text[];
  /** recharge_type 2 only: where to find the player id (text, and a picture under apps/web/public). */
  player_hint?: Text & { image: string };
};

export type DemoZone = { key: string; name: Text; subtitle: Text; banner: string; goods: string[] };

export type DemoArticle = { type: 'help' | 'news'; title: Text; summary: Text; content: Text };

export type DemoSwiper = { title: Text; subtitle: Text; image: string; link: string };

export type DemoModule = { title: Text; subtitle: Text; style: 'grid' | 'row'; goods: string[] };

export type DemoRegion = { name: Text; children?: DemoRegion[] };

export type DemoCatalog = {
  categories: DemoCategory[];
  goods: DemoGoods[];
  zones: DemoZone[];
  /** The first four are linked from the footer: about us, help center, terms, privacy. */
  articles: DemoArticle[];
  swipers: DemoSwiper[];
  modules: DemoModule[];
  regions: DemoRegion[];
};
