import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff } from '@tabler/icons-react';

/** The browser's own QR reader where it has one (not Chromium on Linux or Windows, not Firefox). */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
type BarcodeDetectorClass = {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
};

/** Reads a frame: the browser's detector, else jsQR, loaded only when a camera is opened (it is not in the first load). */
async function frameReader(): Promise<(video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector && (await Detector.getSupportedFormats().catch(() => [] as string[])).includes('qr_code')) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    // A smaller frame reads as well and costs a fraction of the time.
    const scale = Math.min(1, 640 / Math.max(video.videoWidth, video.videoHeight));
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || !canvas.width || !canvas.height) return null;
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/**
 * The camera's view, reading QR codes a few times a second while not `paused`. The camera opens
 * only when asked (the browser asks for permission then) and closes with the page.
 */
export function CameraScanner({
  paused,
  onCode,
  autoStart = false,
}: {
  paused: boolean;
  onCode: (code: string) => void;
  /** Open the camera at once (the kiosk's scan button was the ask). */
  autoStart?: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'off' | 'starting' | 'on'>(autoStart ? 'starting' : 'off');
  const [problem, setProblem] = useState<string | null>(null);
  const latest = useRef({ paused, onCode });
  latest.current = { paused, onCode };

  const open = state !== 'off';
  useEffect(() => {
    if (!open) return;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const start = async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await frameReader();
        setState('on');
        const tick = async () => {
          if (stopped) return;
          const element = video.current;
          if (!latest.current.paused && element && canvas.current && element.readyState >= 2) {
            const code = await read(element, canvas.current).catch(() => null);
            if (code && !stopped && !latest.current.paused) latest.current.onCode(code);
          }
          timer = window.setTimeout(() => void tick(), 200);
        };
        void tick();
      } catch (error) {
        if (stopped) return;
        setProblem(
          (error as Error).name === 'NotAllowedError'
            ? 'The browser was not allowed to use the camera: allow it in the address bar, or type the code.'
            : 'No camera could be opened here: type the code, or use a USB scanner.',
        );
        setState('off');
      }
    };
    void start();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [open]);

  return (
    <Stack gap="xs">
      <Group>
        {state === 'off' ? (
          <Button
            variant="default"
            leftSection={<IconCamera size={16} />}
            onClick={() => {
              setProblem(null);
              setState('starting');
            }}
          >
            Scan with the camera
          </Button>
        ) : (
          <Button variant="default" leftSection={<IconCameraOff size={16} />} onClick={() => setState('off')}>
            Close the camera
          </Button>
        )}
        {state === 'starting' ? <Text c="dimmed">Opening the camera…</Text> : null}
        {state === 'on' && paused ? <Text c="dimmed">Paused: Scan next reads the next code.</Text> : null}
      </Group>
      {problem ? (
        <Alert color="yellow" data-testid="camera-problem">
          {problem}
        </Alert>
      ) : null}
      <video
        ref={video}
        muted
        playsInline
        aria-label="Camera view"
        data-testid="camera-view"
        style={{ display: state === 'off' ? 'none' : 'block', width: '100%', maxWidth: 480, borderRadius: 8, background: '#000' }}
      />
      <canvas ref={canvas} hidden />
    </Stack>
  );
}
