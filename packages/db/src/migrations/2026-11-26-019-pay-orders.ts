import { sql, type Kysely } from 'kysely';

/*
 * Payments (issue 15, decision 048).
 *
 * `pay_orders`: one order, a state machine created → paid → granted, created → expired,
 * paid/granted → refunded. Every transition is one conditional UPDATE on `state`, so a notify
 * replayed, concurrently or late, moves an order once.
 * - `kind` 'vip' (a plan: `product_id`, `days`) or 'episode' (`item_id`);
 * - `title`: what the cashier showed; `amount_fen` and `currency` ('CNY'): what the provider
 *   must report paid, or the notify is refused;
 * - `provider` 'alipay' or 'wechat'; `provider_trade_no`: the provider's transaction number once
 *   paid; `late`: 1 when the payment arrived after the order had expired (granted all the same);
 * - `created_at`, `expires_at` (unpaid past it, the order expires), `paid_at`, `granted_at`,
 *   `refunded_at`, `updated_at`: UTC ms.
 * Orders are kept when their buyer's account goes (a merchant keeps its records): no foreign key.
 *
 * `pay_notify_log`: every notify or query answer the core refused or found out of the ordinary
 * (bad signature, unknown order, amount or currency mismatch, late payment), for the operator.
 *
 * `pay_sandbox_trades`: the trades of the sandbox gateways (modules/pay-sandbox), which play the
 * providers in development, tests and the demo: `provider` and `out_trade_no` (the merchant's
 * order) name one; `trade_no` is the gateway's own number; `state` waiting, paid or closed.
 *
 * Frozen: change the schema in a new migration.
 */

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pay_orders')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('vip', 'episode')`))
    .addColumn('product_id', 'text')
    .addColumn('days', 'integer')
    .addColumn('item_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull().check(sql`amount_fen > 0`))
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('created', 'paid', 'granted', 'expired', 'refunded')`),
    )
    .addColumn('provider_trade_no', 'text')
    .addColumn('late', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('granted_at', 'bigint')
    .addColumn('refunded_at', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_orders_user_idx')
    .on('pay_orders')
    .columns(['user_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('pay_orders_state_idx')
    .on('pay_orders')
    .columns(['state', 'created_at'])
    .execute();

  await db.schema
    .createTable('pay_notify_log')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('order_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pay_notify_log_order_idx')
    .on('pay_notify_log')
    .columns(['order_id', 'received_at'])
    .execute();

  await db.schema
    .createTable('pay_sandbox_trades')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('out_trade_no', 'text', (c) => c.notNull())
    .addColumn('trade_no', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'integer', (c) => c.notNull())
    .addColumn('notify_url', 'text', (c) => c.notNull())
    .addColumn('return_url', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('waiting', 'paid', 'closed')`),
    )
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pay_sandbox_trades_pk', ['provider', 'out_trade_no'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pay_sandbox_trades').execute();
  await db.schema.dropTable('pay_notify_log').execute();
  await db.schema.dropTable('pay_orders').execute();
}
