// The office's filter fields: the browser's own select and date inputs (a tablet's own pickers),
// labelled, in the applicant's field styles. Text fields are ../ui/TextInput.tsx.
import { useId, type FormEvent } from "react";

export interface Choice { value: string; label: string }

interface FieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
}

/** A select; `anyLabel` adds a first choice for "no filter" (the empty value). */
export function SelectField({ label, value, onChange, choices, anyLabel }: FieldProps & { choices: readonly Choice[]; anyLabel?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="input-row">
        <select id={id} className="input select" value={value} onChange={(event) => onChange(event.target.value)}>
          {anyLabel !== undefined && <option value="">{anyLabel}</option>}
          {choices.map((choice) => <option key={choice.value} value={choice.value}>{choice.label}</option>)}
        </select>
      </div>
    </div>
  );
}

export function DateField({ label, value, onChange }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>{label}</label>
      <div className="input-row">
        <input id={id} className="input" type="date" value={value} onChange={(event) => onChange(event.target.value)} />
      </div>
    </div>
  );
}

/** A form's submit handler: the page stays, `submit` runs. */
export const onSubmitted = (submit: () => void) => (event: FormEvent) => {
  event.preventDefault();
  submit();
};
