import { type WaitingListEntry } from '@graftmatch/domain';
import { showPatientCode } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { ColumnList } from '../../components/ColumnList';
import { PagedSection } from '../../components/PagePicker';
import type { Paging } from '../../components/usePages';
import { typeLabel } from '../grafts/graftFormat';
import { demandColumns } from './demandColumns';

interface Props {
  entries: WaitingListEntry[];
  caption: string;
}

/** A page of the demand (`entries`) with the picker of its pages. */
export function DemandList({ paging, ...list }: Props & { paging: Paging }) {
  const { t } = useTranslation();
  return (
    <PagedSection paging={paging} label={t('eute.demandPages')} testId="demand-pages">
      <DemandEntries {...list} />
    </PagedSection>
  );
}

/** The entries: a table on large screens (>=1000 px), cards on small and medium ones, as the clinic lists. */
function DemandEntries({ entries, caption }: Props) {
  const { t } = useTranslation();
  return (
    <ColumnList
      columns={(form) => demandColumns(t, form === 'table')}
      rows={entries}
      rowKey={(entry) => entry.waitinglistid}
      rowAttributes={(entry) => ({ 'data-testid': 'demand-entry', 'data-entry-id': entry.waitinglistid })}
      cardLabel={(entry) =>
        t('eute.entryLabel', { type: typeLabel(t, entry.query_Type), patient: showPatientCode(entry.patient_Code) })
      }
      caption={caption}
      testIds={{ table: 'demand-table', cards: 'demand-cards', caption: 'demand-caption' }}
    />
  );
}
