import type { ReactNode } from "react";
import type { Lang } from "../../../core/i18n/locale.ts";
import { NoPermission } from "../../shell/NoPermission.tsx";
import { Spinner } from "../../shell/Spinner.tsx";
import { useT } from "../../shell/use-t.ts";
import type { Resource } from "./use-resource.ts";

/**
 * The loading, no-permission and error states of a resource; renders `children(data)` once there is
 * data (also while a next load runs, so tables stay in place).
 */
export function LoadState<T>({
  lang,
  resource,
  children,
}: {
  lang: Lang;
  resource: Resource<T> & { reload: () => void };
  children: (data: T) => ReactNode;
}) {
  const t = useT(lang);
  if (resource.status === "forbidden") return <NoPermission lang={lang} />;
  if (resource.status === "error" && resource.data === undefined) {
    return (
      <section className="kp-alert kp-alert--error" role="alert" data-state="error">
        <h2>{t("common.error.title")}</h2>
        <p>{t("common.error.body")}</p>
        <p>
          <button type="button" className="kp-button" onClick={resource.reload}>
            {t("common.retry")}
          </button>
        </p>
      </section>
    );
  }
  if (resource.data === undefined) return <Spinner label={t("common.loading")} />;
  return <>{children(resource.data)}</>;
}
