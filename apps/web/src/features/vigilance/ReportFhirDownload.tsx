import { useTranslation } from 'react-i18next';
import { download } from '../../api/call';
import { FhirDownloadButton } from '../grafts/FhirDownloadButton';

/** The report as an R5 AdverseEvent (docs/fhir.md "AdverseEvent"), saved as `<reference>.fhir.json`. */
export function ReportFhirDownload({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation();
  return (
    <FhirDownloadButton
      fetchFile={() => download('GET /fhir/R5/AdverseEvent/{id}', 'application/fhir+json', { params: { id } })}
      fileName={`${reference}.fhir.json`}
      label={t('vigilance.fhirDownload')}
      testId="vigilance-fhir"
    />
  );
}
