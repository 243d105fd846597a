import type { MouseEvent } from "react";
import { leadsToSite } from "../../core/urls/site-url.ts";

/** A link to the previous page: history when the visitor came from a page of this site, else the given fallback. */
export function BackLink({ label, fallback }: { label: string; fallback: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (window.history.length > 1 && leadsToSite(document.referrer, window.location.origin)) {
      event.preventDefault();
      window.history.back();
    }
  };
  return (
    <a href={fallback} onClick={onClick}>
      {label}
    </a>
  );
}
