import type { ColumnDefinitionBuilder, CreateTableBuilder, Kysely } from 'kysely';
import { engineOf } from '../dialect.ts';

// Column shapes shared by migrations, the same on both engines.

export function columns(db: Kysely<any>) {
  const pg = engineOf(db) === 'postgres';
  return {
    /** Auto-increment primary key: bigserial on PostgreSQL, integer rowid alias on SQLite. */
    id(table: Builder): Builder {
      return table.addColumn('id', pg ? 'bigserial' : 'integer', (c) =>
        pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
      );
    },
    /** A reference to another table's id (bigint on PostgreSQL to match bigserial). */
    ref: (pg ? 'bigint' : 'integer') as 'bigint' | 'integer',
    notNull: (c: ColumnDefinitionBuilder) => c.notNull(),
    /** `<base>_zh` and `<base>_en`, both required. */
    bilingual(
      table: Builder,
      base: string,
      type: 'varchar(200)' | 'varchar(300)' | 'varchar(500)' | 'text' = 'varchar(200)',
    ): Builder {
      return table
        .addColumn(`${base}_zh`, type, (c) => c.notNull())
        .addColumn(`${base}_en`, type, (c) => c.notNull());
    },
  };
}

/** Migrations build many tables with shared helpers; the column names need no type tracking here. */

export type Builder = CreateTableBuilder<any, any>;
