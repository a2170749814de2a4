import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';

/** A signature drawn with a finger, pen or mouse, with Clear; reports the PNG data URL (null when empty). */
export function SignaturePadField({ label, onChange, error }: { label: string; onChange: (png: string | null) => void; error?: string }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const onChangeRef = useRef(onChange);
  const id = useId();

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    const canvas = canvasRef.current!;
    const pad = new SignaturePad(canvas, { backgroundColor: 'rgb(255, 255, 255)', penColor: 'rgb(20, 20, 60)' });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const data = pad.toData();
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext('2d')!.scale(ratio, ratio);
      pad.clear();
      pad.fromData(data);
    };
    fit();
    const report = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', report);
    window.addEventListener('resize', fit);
    return () => {
      window.removeEventListener('resize', fit);
      pad.removeEventListener('endStroke', report);
      pad.off();
    };
  }, []);

  return (
    <div className="lb-field">
      <span id={id}>{label}</span>
      <canvas
        ref={canvasRef}
        className="lb-signature"
        role="img"
        aria-labelledby={id}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <button
        type="button"
        className="lb-link-btn"
        onClick={() => {
          padRef.current?.clear();
          onChange(null);
        }}
      >
        Clear signature
      </button>
      {error ? (
        <span className="lb-field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}
