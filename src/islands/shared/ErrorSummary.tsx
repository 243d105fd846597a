import type { Lang } from "../../core/i18n/locale.ts";
import { useT } from "../shell/use-t.ts";

/**
 * The list of what is wrong at the top of a form, each line a link to its field, so keyboard and
 * screen-reader users can go straight to it (the message also sits under the field itself).
 */
export function ErrorSummary({ lang, items }: { lang: Lang; items: readonly { href: string; message: string }[] }) {
  const t = useT(lang);
  if (items.length === 0) return null;
  return (
    <div className="kp-alert kp-alert--error" role="alert" aria-labelledby="kp-error-summary-title" data-error-summary>
      <h2 id="kp-error-summary-title">{t("biz.errorSummary")}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.href}>
            <a href={item.href}>{item.message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
