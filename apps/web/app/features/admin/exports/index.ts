// The console's exports area (issue 32): its public face; another area imports only this file.

export { EXPORT_ENDPOINTS, ExportButton } from './export-button';
export { exportsLoader, Exports } from './exports-page';
