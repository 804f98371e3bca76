// The console's account area (issue 30): its public face; another area imports only this file.

export { accountActions, AdminAccount } from './account-page';
export { AdminLogin } from './login-page';
