import { Notice } from './notice';

/**
 * Development mode only (the server sends the link in its answer only then): the reset link and token,
 * since no email is sent.
 */
export function DevelopmentResetBox({ token, resetUrl }: { token?: string; resetUrl?: string }) {
  return (
    <Notice tone="warning">
      <p className="font-semibold tracking-wide">DEVELOPMENT MODE</p>
      <p>No email is sent in development mode. Use this link to reset the password:</p>
      {resetUrl && (
        <p>
          <span className="font-medium">Reset link: </span>
          <a href={resetUrl} className="font-medium break-all underline underline-offset-2">
            {resetUrl}
          </a>
        </p>
      )}
      {token && (
        <p>
          <span className="font-medium">Token: </span>
          <code className="rounded bg-yellow-100 px-1 py-0.5 font-mono text-xs break-all dark:bg-yellow-900/50">
            {token}
          </code>
        </p>
      )}
    </Notice>
  );
}
