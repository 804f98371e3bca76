// The console's dashboard area (issue 30): its public face; another area imports only this file.

export { homeLoader, AdminHome } from './dashboard-page';
