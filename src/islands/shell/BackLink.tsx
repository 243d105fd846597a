import type { MouseEvent } from "react";

/** A link to the previous page: history when there is one, else the given fallback. */
export function BackLink({ label, fallback }: { label: string; fallback: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>): void => {
    if (window.history.length > 1 && document.referrer.startsWith(window.location.origin)) {
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
