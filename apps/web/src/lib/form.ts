// Forms on react-hook-form, checked by zod schemas made from the contract's request bodies (with
// `zodResolver`), so a form refuses what the server would refuse and says so in the same words.
import type { ControllerFieldState, RefCallBack } from 'react-hook-form';

/** A text input bound to a form field: its value, change and blur, focus target (first error) and error. */
export interface TextBinding {
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  inputRef: RefCallBack;
  error: string | undefined;
}

/** The binding of a `useController` result for a text field. */
export function textBinding(controller: {
  field: { value: unknown; onChange: (value: string) => void; onBlur: () => void; ref: RefCallBack };
  fieldState: ControllerFieldState;
}): TextBinding {
  const { field, fieldState } = controller;
  return {
    value: typeof field.value === 'string' ? field.value : '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef: field.ref,
    error: fieldState.error?.message,
  };
}

/**
 * The props that wire a MUI TextField to its error for assistive technology: with an `id`, `error` and a
 * `helperText`, MUI marks the input `aria-invalid="true"` and points its `aria-describedby` at the helper
 * text (`${id}-helper-text`), which then holds the error.
 */
export function errorProps(id: string, error: string | undefined, helper?: string) {
  return { id, error: error !== undefined, helperText: error ?? helper };
}
