// A radio button or tick box: the browser's own input, drawn as the theme's mark beside its label.

interface Props {
  type: "radio" | "checkbox";
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  id?: string;
  name?: string;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** A few words after the label, such as a plan's deadline. */
  note?: string;
}

export function Choice({ type, label, checked, onChange, id, name, invalid, describedBy, disabled, note }: Props) {
  return (
    <label className="choice" data-selected={checked || undefined} data-disabled={disabled || undefined}>
      <input
        id={id}
        type={type}
        className="choice-input"
        name={name}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        disabled={disabled}
      />
      <span className={`choice-mark ${type === "radio" ? "choice-radio" : "choice-box"}`} aria-hidden="true" />
      {note ? <span>{label} <span className="choice-note">({note})</span></span> : label}
    </label>
  );
}
