// The console's buyers area (issue 30): its public face; another area imports only this file.

export { buyerDetailActions, buyerDetailLoader, BuyerDetail } from './buyer-detail-page';
export { buyersListLoader, BuyersList } from './buyers-list-page';
