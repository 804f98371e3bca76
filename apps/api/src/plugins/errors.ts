import type { MessageKey, MessageParams } from './messages.ts';

/**
 * An expected failure with a localized message: the error handler turns it into the envelope with
 * HTTP `status` and body `code` (the status unless a more specific business code is given).
 */
export class AppError extends Error {
  override name = 'AppError';
  constructor(
    readonly status: number,
    readonly key: MessageKey,
    readonly params?: MessageParams,
    readonly code: number = status,
  ) {
    super(key);
  }
}

export const notFound = (params?: MessageParams) => new AppError(404, 'not_found', params);
export const unauthorized = () => new AppError(401, 'unauthorized');
