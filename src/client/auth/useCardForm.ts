// A card's fields, their errors and when they are checked: all
// fields are checked on Submit and the call is made only without errors; after the first Submit
// the errors follow the typing, except on the login card, which skips live checks.
import { useState } from "react";

export type FieldErrors<F extends string> = Partial<Record<F, string>>;

export function useCardForm<F extends string>(initial: Record<F, string>, rules: (values: Record<F, string>) => FieldErrors<F>, options: { live: boolean }) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [isChecked, setChecked] = useState(false);
  return {
    values,
    errors,
    setValue(field: F, value: string) {
      const next = { ...values, [field]: value };
      setValues(next);
      if (options.live && isChecked) setErrors(rules(next));
    },
    /** Sets an error found another way (the login card's resend link checks the address alone). */
    setError(field: F, message: string | undefined) {
      setErrors((current) => ({ ...current, [field]: message }));
    },
    /** Checks every field; true when none has an error. The first invalid field gets the focus. */
    check(form: HTMLFormElement | null): boolean {
      const found = rules(values);
      setErrors(found);
      setChecked(true);
      const hasErrors = Object.values(found).some((message) => message !== undefined);
      if (hasErrors) requestAnimationFrame(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return !hasErrors;
    },
  };
}
