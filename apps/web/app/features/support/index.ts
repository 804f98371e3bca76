// The support feature's public face (issue 30): the buyer's tickets. Other features import from
// here, never a deeper file.
export { NEW_TICKET_PATH } from './support';
