import { NumberValueInput, type NumberValueInputProps } from './NumberValueInput';

export type PercentInputProps = Omit<NumberValueInputProps, 'scale' | 'suffix' | 'min' | 'max'>;

/** A percentage from 0 to 100 (tax rates like 8.875 keep three decimals). */
export function PercentInput(props: PercentInputProps) {
  return (
    <NumberValueInput
      decimalScale={3}
      allowNegative={false}
      inputMode="decimal"
      clampBehavior="strict"
      {...props}
      min={0}
      max={100}
      suffix="%"
    />
  );
}
