import { useEffect, useState } from 'react';

interface NumberFieldProps {
  label: string;
  value: number;
  onChange(value: number): void;
  testId: string;
  step?: number;
  min?: number;
  max?: number;
  integer?: boolean;
  title?: string;
}

/** A number input that lets the user type freely and commits only values that parse. */
export function NumberField({ label, value, onChange, testId, step, min, max, integer, title }: NumberFieldProps) {
  const [draft, setDraft] = useState(String(value));
  useEffect(() => setDraft((current) => (Number(current) === value ? current : String(value))), [value]);
  const invalid = !isAcceptable(draft, integer, min, max);
  return (
    <label className="field" title={title}>
      <span>{label}</span>
      <input
        type="number"
        data-testid={testId}
        value={draft}
        step={step ?? (integer ? 1 : 'any')}
        min={min}
        max={max}
        aria-invalid={invalid}
        onChange={(event) => {
          setDraft(event.target.value);
          if (isAcceptable(event.target.value, integer, min, max)) onChange(Number(event.target.value));
        }}
      />
    </label>
  );
}

function isAcceptable(text: string, integer: boolean | undefined, min: number | undefined, max: number | undefined): boolean {
  if (text.trim() === '') return false;
  const value = Number(text);
  if (!Number.isFinite(value)) return false;
  if (integer && !Number.isInteger(value)) return false;
  if (min !== undefined && value < min) return false;
  if (max !== undefined && value > max) return false;
  return true;
}
