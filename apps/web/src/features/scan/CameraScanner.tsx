import { useEffect, useRef, useState } from 'react';
import { Alert, Group, Select, Stack, Switch, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { createDetector } from './detector';

// The camera view of a scan field: the back camera by default, a choice of cameras and the torch
// where the device has them, and a plain message when the camera is refused or missing. Loaded
// only when a scanner opens, so no other screen carries it.

type CameraState = 'starting' | 'scanning' | 'denied' | 'missing' | 'failed';

const SCAN_INTERVAL_MS = 150;

interface TorchCapabilities extends MediaTrackCapabilities {
  torch?: boolean;
}

const BUSY_RETRIES = 5;
const BUSY_RETRY_MS = 300;

/**
 * The camera's stream. A camera still held by a scanner that just closed (or by a page just left)
 * answers NotReadableError or AbortError for a moment; that is retried before it counts as a fault.
 */
async function openCamera(cameraId: string | null, stopped: () => boolean): Promise<MediaStream> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await navigator.mediaDevices.getUserMedia({
        video: cameraId ? { deviceId: { exact: cameraId } } : { facingMode: { ideal: 'environment' } },
        audio: false,
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const busy = name === 'NotReadableError' || name === 'AbortError';
      if (!busy || attempt >= BUSY_RETRIES || stopped()) {
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS * (attempt + 1)));
    }
  }
}

export default function CameraScanner({ onDetected }: { onDetected: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [cameras, setCameras] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string | null>(null);
  const [track, setTrack] = useState<MediaStreamTrack | null>(null);
  const [torch, setTorch] = useState(false);
  const detected = useRef(onDetected);
  detected.current = onDetected;

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('missing');
        return;
      }
      try {
        stream = await openCamera(cameraId, () => stopped);
      } catch (error) {
        const name = (error as { name?: string }).name;
        setState(
          name === 'NotAllowedError' || name === 'SecurityError'
            ? 'denied'
            : name === 'NotFoundError' || name === 'OverconstrainedError'
              ? 'missing'
              : 'failed',
        );
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((each) => each.stop());
        return;
      }
      const element = video.current;
      if (!element) {
        return;
      }
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      setTrack(stream.getVideoTracks()[0] ?? null);
      setCameras((await navigator.mediaDevices.enumerateDevices()).filter((device) => device.kind === 'videoinput'));
      const detector = await createDetector().catch(() => null);
      if (!detector) {
        setState('failed');
        return;
      }
      setState('scanning');
      const scan = async () => {
        if (stopped) {
          return;
        }
        if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
          const found = await detector.detect(element).catch(() => []);
          const text = found.find((code) => code.rawValue.trim() !== '')?.rawValue;
          if (text !== undefined && !stopped) {
            detected.current(text);
            return;
          }
        }
        timer = setTimeout(() => void scan(), SCAN_INTERVAL_MS);
      };
      void scan();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((each) => each.stop());
    };
  }, [cameraId]);

  const hasTorch = Boolean(track && (track.getCapabilities?.() as TorchCapabilities | undefined)?.torch);
  const switchTorch = (on: boolean) => {
    setTorch(on);
    void track?.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] }).catch(() => setTorch(!on));
  };

  if (state === 'denied' || state === 'missing' || state === 'failed') {
    return (
      <Alert color="orange" variant="light" role="alert" data-testid="scan-camera-problem" data-problem={state}>
        {t(`scan.camera.${state}`)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <video
        ref={video}
        muted
        playsInline
        aria-label={t('scan.camera.view')}
        data-testid="scan-video"
        data-state={state}
        style={{ width: '100%', maxHeight: '40vh', objectFit: 'cover', borderRadius: 4, background: '#000' }}
      />
      <Text size="xs" c="dimmed">
        {state === 'starting' ? t('scan.camera.starting') : t('scan.camera.aim')}
      </Text>
      {(cameras.length > 1 || hasTorch) && (
        <Group gap="sm" wrap="wrap">
          {cameras.length > 1 && (
            <Select
              size="xs"
              label={t('scan.camera.choose')}
              data={cameras.map((camera, index) => ({
                value: camera.deviceId,
                label: camera.label || t('scan.camera.numbered', { number: index + 1 }),
              }))}
              value={cameraId ?? track?.getSettings().deviceId ?? null}
              onChange={(value) => setCameraId(value)}
              allowDeselect={false}
              data-testid="scan-camera-choice"
            />
          )}
          {hasTorch && (
            <Switch
              label={t('scan.camera.torch')}
              checked={torch}
              onChange={(event) => switchTorch(event.currentTarget.checked)}
              data-testid="scan-torch"
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
