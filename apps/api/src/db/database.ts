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

export interface DB {
  settings: SettingsTable;
  links: LinksTable;
}

export type Database = Kysely<DB>;
/** What repositories take first: the database or a transaction (STYLE.md, "In this project" 3). */
export type Executor = Kysely<DB> | Transaction<DB>;
