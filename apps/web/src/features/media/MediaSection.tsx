import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Graft } from '@graftmatch/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DocumentList } from './DocumentList';
import { DOCUMENT_KINDS, MODELS, PHOTOS, filesOf, type MediaKind } from './kinds';
import { ModelView } from './ModelView';
import { PhotoGallery } from './PhotoGallery';
import type { Supersede } from './SupersedeButton';
import { UploadArea } from './UploadArea';
import { useFileChanges } from './useMediaActions';
import { ZipButton } from './ZipButton';

interface Props {
  graft: Graft;
  /** Tissue-bank employees of the graft's bank and admins upload, delete (what is no record) and supersede. */
  editable: boolean;
  /** Takes the graft as an upload or delete answers it. */
  onGraft: (graft: Graft) => void;
}

/** What a kind's list offers those who may change the graft's files. */
interface Changes {
  onDelete: ((name: string) => void) | undefined;
  onSupersede: ((supersede: Supersede) => void) | undefined;
  busy: boolean;
}

interface KindProps extends Props {
  kind: MediaKind;
  children: (changes: Changes) => ReactNode;
}

/**
 * One kind's card: title and count, "download all as zip", its files, and the upload area. A kind
 * without files shows only to those who upload (an empty box tells a reader nothing).
 */
function KindCard({ graft, editable, onGraft, kind, children }: KindProps) {
  const { t } = useTranslation();
  const files = filesOf(graft, kind);
  const changes = useFileChanges(kind, graft.e_Lot, onGraft);
  const title = t(`files.${kind.label}`);
  const uploads = editable && kind.uploadable;
  if (files.length === 0 && !uploads) {
    return null;
  }
  return (
    <Paper withBorder p="md" component="section" aria-label={title} data-testid={`media-${kind.label}`}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}{' '}
          <Text span c="dimmed" size="sm">
            ({files.length})
          </Text>
        </Title>
        {files.length > 0 && (
          <ZipButton kind={kind} lot={graft.e_Lot} filesBytes={files.reduce((sum, file) => sum + file.size, 0)} />
        )}
      </Group>
      <Stack gap="sm">
        {files.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('files.none')}
          </Text>
        ) : (
          children({
            onDelete: editable ? changes.confirmRemove : undefined,
            onSupersede: uploads ? (supersede) => changes.supersede.mutate(supersede) : undefined,
            busy: changes.progress !== null,
          })
        )}
        {uploads && (
          <UploadArea kind={kind} progress={changes.progress} onFiles={(picked) => changes.add.mutate(picked)} />
        )}
      </Stack>
    </Paper>
  );
}

/** A graft's files by kind: photos, the 3D model, and the documents; a line when a reader has none to see. */
export function MediaSection(props: Props) {
  const { t } = useTranslation();
  const lot = props.graft.e_Lot;
  const anyFiles = [PHOTOS, MODELS, ...DOCUMENT_KINDS].some((kind) => filesOf(props.graft, kind).length > 0);
  if (!props.editable && !anyFiles) {
    return (
      <Text size="sm" c="dimmed" data-testid="media-none">
        {t('files.noneAtAll')}
      </Text>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <KindCard {...props} kind={PHOTOS}>
        {({ onDelete }) => <PhotoGallery lot={lot} files={props.graft.fotoFiles} onDelete={onDelete} />}
      </KindCard>
      <KindCard {...props} kind={MODELS}>
        {({ onDelete }) => (
          <>
            <ModelView key={props.graft.stlFiles.map((file) => file.name).join('/')} lot={lot} />
            <DocumentList kind={MODELS} lot={lot} files={props.graft.stlFiles} onDelete={onDelete} />
          </>
        )}
      </KindCard>
      {DOCUMENT_KINDS.map((kind) => (
        <KindCard key={kind.type} {...props} kind={kind}>
          {(changes) => <DocumentList kind={kind} lot={lot} files={filesOf(props.graft, kind)} {...changes} />}
        </KindCard>
      ))}
    </SimpleGrid>
  );
}
