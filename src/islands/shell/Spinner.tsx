/** A loading indicator with its text for screen readers (and visible, so nobody wonders what happens). */
export function Spinner({ label }: { label: string }) {
  return (
    <div className="kp-portal-loading" role="status" aria-live="polite">
      <span className="kp-spinner kp-spinner--blue" aria-hidden="true"></span>
      <span>{label}</span>
    </div>
  );
}
