// The address feature's public face (issue 30): the address book, and the address of an order that
// ships. Other features import from here, never a deeper file.
export { CheckoutAddress } from './checkout-address';
export { OrderAddress } from './order-address';
export { needsAddress, orderShips } from './address';
