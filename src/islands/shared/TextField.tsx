import type { InputHTMLAttributes } from "react";

type Props = {
  /** Unique on the page; the input's id and the base of its hint and error ids. */
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The message shown under the field; also sets aria-invalid. */
  error?: string | undefined;
  hint?: string | undefined;
  required?: boolean;
  /** Appended to a required field's label, e.g. "verplicht". */
  requiredLabel?: string;
  type?: "text" | "email" | "tel";
  autoComplete?: string | undefined;
  inputMode?: InputHTMLAttributes<HTMLInputElement>["inputMode"];
};

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ id, name, label, value, onChange, error, hint, required = false, requiredLabel, type = "text", autoComplete, inputMode }: Props) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div className="kp-field" data-field={name}>
      <label htmlFor={id}>
        {label}
        {required && requiredLabel && <span className="kp-field__hint"> ({requiredLabel})</span>}
      </label>
      {hint && (
        <p id={hintId} className="kp-field__hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        aria-required={required || undefined}
        autoComplete={autoComplete ?? "off"}
        inputMode={inputMode}
      />
      <p id={errorId} className="kp-field__error">
        {error}
      </p>
    </div>
  );
}
