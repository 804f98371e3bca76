import { AdminErrorBoundary } from '../../features/admin/kit/admin-error';
import { adminMeta } from '../../features/admin/kit/meta';
import { keysActions, keysLoader, Keys } from '../../features/admin/keys/keys-page';

// Card keys (issue 14): choose a card-key goods, see each option's stock (low stock flagged),
// import keys into an option with a progress bar and a report, and list the keys (masked) with
// their filters in the URL; reveal (audited) and void (available keys only) from the list.

export const meta = adminMeta('keys.title');

export const ErrorBoundary = AdminErrorBoundary;

export const clientLoader = keysLoader;

export const clientAction = keysActions;

export default Keys;
