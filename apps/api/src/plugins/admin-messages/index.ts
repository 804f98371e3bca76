import { authMessages } from './auth.ts';
import { catalogMessages } from './catalog.ts';
import { contentMessages } from './content.ts';
import { keysMessages } from './keys.ts';
import { ordersMessages } from './orders.ts';
import { refundsMessages } from './refunds.ts';
import { buyersMessages } from './buyers.ts';
import { supportMessages } from './support.ts';
import { dashboardMessages } from './dashboard.ts';
import { promotionsMessages } from './promotions.ts';
import { batchMessages } from './batch.ts';
import { alertsMessages } from './alerts.ts';
import { channelsMessages } from './channels.ts';
import { exportsMessages } from './exports.ts';

/** Every message of the console's endpoints, one file per area (messages.ts joins them in). */
export const adminMessages = {
  ...authMessages,
  ...catalogMessages,
  ...keysMessages,
  ...contentMessages,
  ...ordersMessages,
  ...refundsMessages,
  ...buyersMessages,
  ...supportMessages,
  ...dashboardMessages,
  ...promotionsMessages,
  ...batchMessages,
  ...alertsMessages,
  ...channelsMessages,
  ...exportsMessages,
};
