/** A panel's last error or job message, announced to screen readers; nothing when there is none. */
export function PanelError({ message, testId }: { message: string | null; testId: string }) {
  if (!message) return null;
  return (
    <p className="panel-error" role="alert" data-testid={testId}>
      {message}
    </p>
  );
}
