import { useTranslation } from 'react-i18next';
import { download } from '../../api/call';
import { FhirDownloadButton } from './FhirDownloadButton';

/**
 * One graft as FHIR R5 (docs/fhir.md): the search by its lot, a searchset Bundle holding its
 * BiologicallyDerivedProduct, saved as `graft-<lot>.fhir.json`.
 */
export function GraftFhirDownload({ lot }: { lot: string }) {
  const { t } = useTranslation();
  return (
    <FhirDownloadButton
      fetchFile={() =>
        download('GET /fhir/R5/BiologicallyDerivedProduct', 'application/fhir+json', { query: { identifier: lot } })
      }
      fileName={`graft-${lot}.fhir.json`}
      label={t('graft.fhirDownload')}
      testId="graft-fhir"
    />
  );
}
