import { type Kysely, sql } from 'kysely';
import { columns } from './helpers.ts';

// Support tickets (issue 7): a thread of messages between a buyer and the operators, about an
// order or in general, with a status (open → answered → closed).
export async function up(db: Kysely<any>): Promise<void> {
  const { id, ref } = columns(db);
  await id(db.schema.createTable('support_tickets'))
    .addColumn('user_id', ref, (c) => c.notNull().references('users.id'))
    .addColumn('order_id', ref, (c) => c.references('orders.id'))
    .addColumn('subject', 'varchar(120)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) =>
      c.notNull().check(sql`status in ('open', 'answered', 'closed')`),
    )
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_tickets_user')
    .on('support_tickets')
    .columns(['user_id', 'updated_at'])
    .execute();
  await db.schema
    .createIndex('support_tickets_status')
    .on('support_tickets')
    .columns(['status', 'updated_at'])
    .execute();

  await id(db.schema.createTable('support_messages'))
    .addColumn('ticket_id', ref, (c) => c.notNull().references('support_tickets.id'))
    .addColumn('author', 'varchar(10)', (c) => c.notNull().check(sql`author in ('buyer', 'operator')`))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('support_messages_ticket')
    .on('support_messages')
    .columns(['ticket_id', 'id'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('support_messages').execute();
  await db.schema.dropTable('support_tickets').execute();
}
