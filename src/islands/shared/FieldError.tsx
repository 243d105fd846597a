/** The message under a field; its id is what the field's aria-describedby points at. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return (
    <p id={id} className="kp-field__error" role={message ? "alert" : undefined}>
      {message ?? ""}
    </p>
  );
}
