import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../components/Spinner';
import { ActionIcon, Stack, TextInput } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';
import { parseGraftCode, translateMessage } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n';

// A field for the code on a graft's package: the camera reads it, a keyboard-wedge scanner types it
// and presses Enter, or a person types it. What is there is checked with the domain's reader, whose
// reasons are the server's catalogue texts, so both say the same in the reader's language.

const CameraScanner = lazy(() => import('./CameraScanner'));

interface Props {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Enter in the field, or a code read by the camera. */
  onSubmit?: (value: string) => void;
  /** Opens the camera at once (the implant and receipt dialogs). */
  cameraFirst?: boolean;
  /** A refusal to show under the field (e.g. the server's mismatch). */
  error?: string | null;
}

/** The reason a text is no graft code in the reader's language, or null when it reads (empty text is not judged). */
export function graftCodeProblem(text: string): string | null {
  if (text.trim() === '') {
    return null;
  }
  const code = parseGraftCode(text);
  return 'error' in code ? translateMessage(currentLanguage(), code.error) : null;
}

export function ScanField({ label, value, onChange, onSubmit, cameraFirst = false, error }: Props) {
  const { t } = useTranslation();
  const [camera, setCamera] = useState(cameraFirst);
  const [touched, setTouched] = useState(false);
  const problem = touched ? graftCodeProblem(value) : null;
  return (
    <Stack gap="xs">
      {camera && (
        <Suspense fallback={<Spinner size="sm" label={t('scan.camera.starting')} />}>
          <CameraScanner
            onDetected={(text) => {
              setCamera(false);
              setTouched(true);
              onChange(text);
              onSubmit?.(text);
            }}
          />
        </Suspense>
      )}
      <TextInput
        label={label}
        description={t('scan.hint')}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        onBlur={() => setTouched(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            setTouched(true);
            onSubmit?.(event.currentTarget.value);
          }
        }}
        error={problem ? t('scan.invalid', { reason: problem }) : error || undefined}
        required
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        data-testid="scan-input"
        rightSection={
          <ActionIcon
            variant="subtle"
            onClick={() => setCamera((open) => !open)}
            aria-label={camera ? t('scan.camera.close') : t('scan.camera.open')}
            aria-pressed={camera}
            data-testid="scan-camera-toggle"
          >
            {camera ? <IconCameraOff size={18} aria-hidden /> : <IconCamera size={18} aria-hidden />}
          </ActionIcon>
        }
      />
    </Stack>
  );
}
