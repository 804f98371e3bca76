// The console's operators area (issue 30): its public face; another area imports only this file.

export { operatorsActions, operatorsLoader, Operators } from './operators-page';
