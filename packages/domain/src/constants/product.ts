/** The application's name, shown in the UI and named in every outgoing mail. */
export const PRODUCT_NAME = 'GraftMatch';

/**
 * Subject of the request mail to a graft's tissue bank. It names the product so the
 * tissue bank sees where the request came from (docs/decisions.md §6).
 */
export function graftRequestMailSubject(lot: string): string {
  return `Request for graft with LOT ${lot} via ${PRODUCT_NAME}`;
}
