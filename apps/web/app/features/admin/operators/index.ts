// The console's operators area (issue 30): its public face; another area imports only this file.

export { operatorsLoader, Operators } from './operators-page';
