import { data, type ActionFunctionArgs } from 'react-router';
import { endpoints } from '@shop/contract/endpoints';
import { currentLocale, fixedT } from '../../i18n/instance';
import { api } from '../../lib/api';
import { requireOrderId } from '../../lib/params';
import { message } from '../../lib/toast';

// Loaded when an order is cancelled, not with the order's pages (issue 16).
/**
 * The clientAction of the pages of one order (its detail and its checkout): `intent=cancel`
 * cancels the unpaid order of the URL (components/order/cancel-order.tsx submits it). Done or
 * refused (the pop-up said why), React Router then loads the order again and the page shows it as
 * it is now.
 */
export async function orderAction({ request, params }: ActionFunctionArgs) {
  const oid = requireOrderId(params.oid);
  const form = await request.formData();
  if (form.get('intent') !== 'cancel') throw data(null, { status: 400 });
  try {
    await api.call(endpoints.orderCancel, { oid });
  } catch {
    return { cancelled: false };
  }
  message.success(fixedT(currentLocale())('order.cancelDone'));
  return { cancelled: true };
}
