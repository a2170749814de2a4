import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { Box, Button, Group, Input } from '@mantine/core';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';

export interface SignaturePadFieldProps {
  label: string;
  /** Called with the PNG (`data:image/png;base64,...`) after each stroke, or null once the pad is blank again. */
  onChange: (png: string | null) => void;
  error?: string | null;
  disabled?: boolean;
  'data-testid'?: string;
}

/**
 * A signature drawn with a finger, pen or mouse (signature_pad on a canvas), with Clear and Undo.
 * The canvas is sized to its box at the screen's pixel ratio, and redrawn from its strokes when the
 * box changes size (turning a tablet), so a signature neither blurs nor disappears.
 */
export function SignaturePadField({ label, onChange, error, disabled = false, ...props }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const errorId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    // A white background, so the PNG reads on any viewer (and prints).
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 60)' });
    padRef.current = pad;
    const emit = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', emit);

    const resize = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const width = canvas.offsetWidth;
      const height = canvas.offsetHeight;
      if (!width || !height || (canvas.width === Math.round(width * ratio) && canvas.height === Math.round(height * ratio))) return;
      const strokes = pad.toData();
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (strokes.length) pad.fromData(strokes);
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', emit);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };
  const undo = () => {
    const pad = padRef.current;
    if (!pad) return;
    const strokes = pad.toData();
    strokes.pop();
    pad.fromData(strokes);
    onChange(pad.isEmpty() ? null : pad.toDataURL('image/png'));
  };

  return (
    <Input.Wrapper label={label} labelElement="div" error={error} errorProps={{ id: errorId }} size="lg">
      <Box
        mt={6}
        style={{
          border: `2px ${error ? 'solid var(--mantine-color-error)' : 'dashed var(--mantine-color-gray-5)'}`,
          borderRadius: 'var(--mantine-radius-md)',
          background: 'white',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-label={label}
          aria-describedby={error ? errorId : undefined}
          data-testid={props['data-testid'] ?? 'signature-pad'}
          // touch-action none: a stroke draws instead of scrolling the page.
          style={{ display: 'block', width: '100%', height: 220, touchAction: 'none', cursor: disabled ? 'default' : 'crosshair' }}
        />
      </Box>
      <Group gap="xs" mt="xs" justify="flex-end">
        <Button variant="default" size="md" leftSection={<IconArrowBackUp size={18} />} onClick={undo} disabled={disabled}>
          Undo
        </Button>
        <Button variant="default" size="md" leftSection={<IconEraser size={18} />} onClick={clear} disabled={disabled}>
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
