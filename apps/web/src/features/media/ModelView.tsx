import { Spinner } from '../../components/Spinner';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// three.js is large: loaded only when a graft with a model is opened, never with the login page.
const StlViewer = lazy(() => import('./StlViewer'));

export function ModelView({ lot }: { lot: string }) {
  const { t } = useTranslation();
  return (
    <Suspense fallback={<Spinner label={t('common.loading')} />}>
      <StlViewer lot={lot} />
    </Suspense>
  );
}
