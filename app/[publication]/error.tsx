"use client";

import { SiteLink } from "@/components/ui/site-link";

/** The spec's default error screen for unexpected errors inside a page. */
export default function ErrorPage({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <div className="status-page">
      <h1 className="status-title">Unexpected Application Error!</h1>
      <p className="status-text">
        {error.message || "Something went wrong while loading this page."}
      </p>
      {error.digest ? <p className="status-digest">Reference: {error.digest}</p> : null}
      <div className="status-actions">
        <button type="button" className="status-button" onClick={reset}>
          Try again
        </button>
        <SiteLink href="/" className="status-secondary">
          Return to Home
        </SiteLink>
      </div>
    </div>
  );
}
