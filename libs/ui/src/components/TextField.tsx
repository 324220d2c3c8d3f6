import { useId, type InputHTMLAttributes } from 'react';

/** Props of `TextField`. */
export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | undefined;
  description?: string | undefined;
  hideLabel?: boolean;
}

/** A labelled input whose error and description are tied to it for assistive tech. */
export function TextField({ label, error, description, hideLabel, className, ...rest }: TextFieldProps) {
  const id = useId();
  const describedBy = [description ? `${id}-d` : '', error ? `${id}-e` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="pt-field">
      <label htmlFor={id} className={hideLabel ? 'pt-visually-hidden' : 'pt-label'}>
        {label}
      </label>
      <input {...rest} id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={['pt-input', className ?? ''].filter(Boolean).join(' ')} />
      {description ? (
        <span id={`${id}-d`} className="pt-muted">
          {description}
        </span>
      ) : null}
      {error ? (
        <span id={`${id}-e`} className="pt-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
