import type { Generated, Kysely, Transaction } from 'kysely';

// Row types of every table. Timestamps are epoch milliseconds (decision 003); money is integer
// minor units (ARCHITECTURE.md §5).

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
}

export interface LinksTable {
  id: Generated<number>;
  name_zh: string;
  name_en: string;
  url: string;
  sort: number;
  is_show: number;
  created_at: number;
}

type Bilingual<Base extends string> = { [K in `${Base}_zh` | `${Base}_en`]: string };

export type CategoriesTable = Bilingual<'name'> & {
  id: Generated<number>;
  parent_id: number | null;
  icon: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
};

export type GoodsTable = Bilingual<'name' | 'subtitle' | 'description' | 'instructions'> & {
  id: Generated<number>;
  category_id: number;
  image: string;
  /** JSON array of image paths. */
  images: Generated<string>;
  spec_type: 1 | 2;
  recharge_type: 1 | 2 | 3;
  on_sale: Generated<number>;
  sort: Generated<number>;
  sales: Generated<number>;
  min_price_cny: Generated<number>;
  search_text: Generated<string>;
  created_at: number;
  updated_at: number;
};

type OptionMoney = {
  id: Generated<number>;
  goods_id: number;
  price_cny: number;
  price_usd: number | null;
  original_cny: number | null;
  /** null = unlimited */
  stock: number | null;
  sort: Generated<number>;
  on_sale: Generated<number>;
};
export type GoodsSkusTable = Bilingual<'spec'> & OptionMoney;
export type GoodsFaceValuesTable = Bilingual<'label'> & OptionMoney & { face_value: number };

export type GameServersTable = Bilingual<'name'> & {
  id: Generated<number>;
  goods_id: number;
  sort: Generated<number>;
};

export type ZonesTable = Bilingual<'name' | 'subtitle'> & {
  id: Generated<number>;
  banner: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
};
export interface ZoneGoodsTable {
  zone_id: number;
  goods_id: number;
  sort: Generated<number>;
}

export type ArticlesTable = Bilingual<'title' | 'summary' | 'content'> & {
  id: Generated<number>;
  type: 'help' | 'news';
  sort: Generated<number>;
  is_show: Generated<number>;
  created_at: number;
  updated_at: number;
};

export type SwipersTable = Bilingual<'title' | 'subtitle'> & {
  id: Generated<number>;
  position: Generated<string>;
  image: string;
  link: Generated<string>;
  sort: Generated<number>;
  is_show: Generated<number>;
};

export type CustomModulesTable = Bilingual<'title' | 'subtitle'> & {
  id: Generated<number>;
  position: Generated<string>;
  style: Generated<'grid' | 'row'>;
  sort: Generated<number>;
  is_show: Generated<number>;
};
export interface CustomModuleGoodsTable {
  module_id: number;
  goods_id: number;
  sort: Generated<number>;
}

export type RegionsTable = Bilingual<'name'> & {
  id: Generated<number>;
  parent_id: number | null;
  level: 1 | 2 | 3;
  sort: Generated<number>;
};

export interface UsersTable {
  id: Generated<number>;
  email: string | null;
  phone: string | null;
  password_hash: string;
  nickname: Generated<string>;
  avatar: Generated<string>;
  sex: Generated<0 | 1 | 2>;
  birthday: Generated<string>;
  name: Generated<string>;
  id_card_code: Generated<string>;
  is_real: Generated<number>;
  is_usable: Generated<number>;
  openid: Generated<string>;
  /** CNY minor units; the database refuses a negative balance. */
  balance: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface UserTokensTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 hex of the token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface CaptchasTable {
  key: string;
  answer_hash: string;
  expires_at: number;
  used_at: number | null;
}

export type CodePurpose = 'register' | 'reset' | 'change';
export type Channel = 'email' | 'sms';

export interface VerificationCodesTable {
  id: Generated<number>;
  target: string;
  channel: Channel;
  purpose: CodePurpose;
  code_hash: string;
  tries: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: Channel;
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
  sent_at: number | null;
}

export interface LoginFailuresTable {
  account: string;
  failures: number;
  updated_at: number;
}

export interface DB {
  login_failures: LoginFailuresTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox: OutboxTable;
  users: UsersTable;
  user_tokens: UserTokensTable;
  settings: SettingsTable;
  links: LinksTable;
  categories: CategoriesTable;
  goods: GoodsTable;
  goods_skus: GoodsSkusTable;
  goods_face_values: GoodsFaceValuesTable;
  game_servers: GameServersTable;
  zones: ZonesTable;
  zone_goods: ZoneGoodsTable;
  articles: ArticlesTable;
  swipers: SwipersTable;
  custom_modules: CustomModulesTable;
  custom_module_goods: CustomModuleGoodsTable;
  regions: RegionsTable;
}

export type Database = Kysely<DB>;
/** What repositories take first: the database or a transaction (STYLE.md, "In this project" 3). */
export type Executor = Kysely<DB> | Transaction<DB>;
