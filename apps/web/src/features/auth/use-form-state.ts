/** Just enough form state for the two public forms: values, per-field errors shown after the first submit. */
import { useState, type ChangeEvent } from 'react';
import type { FieldErrors } from './form-rules';

export function useFormState<T extends Record<string, string>>(initial: T, validate: (values: T) => FieldErrors<T>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);

  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.target.value };
      setValues(next);
      // After a failed submit, errors follow the typing, as react-hook-form's default re-validation did.
      if (submitted) setErrors(validate(next));
    },
    error: errors[name],
  });

  /** The values when they pass, after marking every failing field; null otherwise. */
  const check = (): T | null => {
    setSubmitted(true);
    const found = validate(values);
    setErrors(found);
    return Object.keys(found).length === 0 ? values : null;
  };

  const setError = (name: keyof T, message: string) => setErrors((e) => ({ ...e, [name]: message }));

  return { values, field, check, setError };
}
