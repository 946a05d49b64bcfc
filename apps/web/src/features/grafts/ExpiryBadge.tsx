import { Badge } from '@mantine/core';
import type { ExpiryUrgency } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/** The mark beside a graft's expiry date when it expires soon (the domain's `expiryUrgency`). */
export function ExpiryBadge({ urgency }: { urgency: ExpiryUrgency }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={urgency === 'within30' ? 'red.9' : 'yellow.4'}
      autoContrast
      data-testid="expiry-badge"
      data-urgency={urgency}
    >
      {t(`graft.${urgency}`)}
    </Badge>
  );
}
