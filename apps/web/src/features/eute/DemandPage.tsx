import { useRef, useState } from 'react';
import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { IconDownload, IconFilter, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DismissibleHint } from '../../components/DismissibleHint';
import { PageTitle } from '../../components/PageTitle';
import { downloadDemandPdf } from './api';
import { DemandMatches, DemandPages } from './DemandResults';
import { saveFile, waitingListFileName } from '../../lib/saveFile';
import { useHint } from '../auth';

/** Fetches the demand PDF with the session's bearer header and saves it under the server's file name. */
export function useDemandPdf() {
  return useMutation({
    mutationFn: downloadDemandPdf,
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? waitingListFileName(new Date())),
  });
}

/**
 * `home/eute/waitinglist`: every open waiting-list entry of active clinics, as the server sorts it,
 * a server page at a time; a search reads the whole demand (docs/decisions.md).
 */
export function DemandPage() {
  const { t } = useTranslation();
  const hint = useHint('euteDemand');
  const pdf = useDemandPdf();
  const [searchOpen, setSearchOpen] = useState(false);
  const [text, setText] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const filtering = text.trim() !== '';

  // Closing the search also drops its text, so a closed search never hides entries.
  const toggleSearch = () => {
    if (searchOpen) {
      setText('');
    }
    setSearchOpen(!searchOpen);
  };

  return (
    <>
      <PageTitle title={t('eute.demandTitle')}>
        <Group gap="xs">
          <Button
            variant={searchOpen ? 'light' : 'default'}
            leftSection={searchOpen ? <IconFilterOff size={16} aria-hidden /> : <IconFilter size={16} aria-hidden />}
            ref={toggleRef}
            onClick={toggleSearch}
            aria-expanded={searchOpen}
            aria-controls="demand-search"
            data-testid="demand-search-toggle"
          >
            {searchOpen ? t('eute.closeSearch') : t('eute.openSearch')}
          </Button>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => pdf.mutate()}
            loading={pdf.isPending}
            data-testid="demand-download"
          >
            {t('eute.downloadPdf')}
          </Button>
        </Group>
      </PageTitle>
      <DismissibleHint
        visible={hint.visible}
        onDismiss={hint.dismiss}
        title={t('eute.hintTitle')}
        text={t('eute.hintText')}
        dismissLabel={t('eute.hintDismiss')}
        testId="eute-hint"
      />
      {searchOpen && (
        <TextInput
          id="demand-search"
          type="search"
          label={t('eute.searchLabel')}
          description={t('eute.searchHint')}
          placeholder={t('eute.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            filtering ? (
              <CloseButton
                aria-label={t('eute.clearSearch')}
                onClick={() => setText('')}
                data-testid="demand-search-clear"
              />
            ) : null
          }
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            // Escape closes the search and gives the focus back to its toggle.
            if (event.key === 'Escape') {
              toggleSearch();
              toggleRef.current?.focus();
            }
          }}
          autoFocus
          mb="md"
          maw={480}
          data-testid="demand-search"
        />
      )}
      {filtering ? <DemandMatches text={text} onClear={() => setText('')} /> : <DemandPages />}
    </>
  );
}
