import { fullName, graftRequestMailSubject, type Graft, type User } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { typeLabel } from '../grafts/graftFormat';

/**
 * The request mail to the graft's tissue bank (docs/decisions.md §6). The subject is the fixed English text
 * the tissue bank filters on; the body is in the physician's language and names who asks.
 * Null when the tissue bank has no contact address.
 */
export function requestMailto(graft: Graft, user: User, t: TFunction): string | null {
  if (!graft.e_EMail) {
    return null;
  }
  const body = t('request.body', {
    lot: graft.e_Lot,
    type: typeLabel(t, graft.t_ProdName_2),
    name: fullName(user),
    clinic: user.clinics.map((clinic) => clinic.c_Name).join(', '),
    phone: user.phone ?? '',
    email: user.email,
  });
  // RFC 6068: percent-encode everything; '@' may stay readable in the address.
  const address = encodeURIComponent(graft.e_EMail).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(graftRequestMailSubject(graft.e_Lot))}&body=${encodeURIComponent(body)}`;
}
