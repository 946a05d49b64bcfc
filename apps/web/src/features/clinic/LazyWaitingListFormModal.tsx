import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { WaitingListFormModal as FormModal } from './WaitingListFormModal';

const WaitingListFormModal = lazy(async () => ({
  default: (await import('./WaitingListFormModal')).WaitingListFormModal,
}));

/**
 * The waiting-list form, with its date pickers, their styles and German month names, is fetched
 * when first opened rather than with the page behind it (docs/performance.md, "Web delivery").
 */
export function LazyWaitingListFormModal(props: ComponentProps<typeof FormModal>) {
  const [wanted, setWanted] = useState(props.opened);
  if (props.opened && !wanted) {
    setWanted(true);
  }
  return wanted ? (
    <Suspense fallback={null}>
      <WaitingListFormModal {...props} />
    </Suspense>
  ) : null;
}
