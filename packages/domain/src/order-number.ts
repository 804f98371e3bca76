// The public order number's form, apart from the order machines (order.ts re-exports it): a page
// that only checks an order number (the support page's ?oid=, part of its first load) need not
// load every state machine with it (ARCHITECTURE.md §7 budget, issue 31).

/** A public order number (`orders.oid`, varchar(32)): digits and capitals, 8–32 long. */
export const ORDER_NUMBER_PATTERN = /^[0-9A-Z]{8,32}$/;
