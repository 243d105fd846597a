import { useEffect, useState } from "react";
import type { RelatedContact } from "../../core/api/schemas/colleagues.ts";
import type { OutletPeople } from "../../core/portal/outlet-choice.ts";
import { usersApi } from "../../core/portal/users-api.ts";
import { api } from "../../core/session/browser-client.ts";

/**
 * The people of the viewer's other managed outlets, loaded when the add-user form opens, so the form
 * applies the rules per outlet before anything is sent (who is the main user there, who is already
 * on it). An outlet whose list has not come (or failed) is left to the API to check.
 */
export function useOutletPeople(active: boolean, others: readonly string[], current: string, currentPeople: readonly RelatedContact[]): OutletPeople {
  const [loaded, setLoaded] = useState<Record<string, readonly RelatedContact[]>>({});
  const key = others.join(",");
  useEffect(() => {
    if (!active) return;
    const controller = new AbortController();
    for (const accountNumber of key.split(",").filter(Boolean)) {
      usersApi(api().aborting(controller.signal), accountNumber)
        .related()
        .then((list) => {
          if (list) setLoaded((shown) => ({ ...shown, [accountNumber]: list }));
        })
        .catch(() => undefined);
    }
    return () => controller.abort();
  }, [active, key]);
  return { ...loaded, [current]: currentPeople };
}
