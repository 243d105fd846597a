import type { ApiClient } from "../api/client.ts";
import { PATHS } from "../api/paths.ts";
import { AccountDetailsSchema, AccountSchema, type Account, type AccountDetails } from "../api/schemas/people.ts";
import type { AccountUpdate } from "../api/schemas/people-requests.ts";
import { contentLocale, type Lang } from "../i18n/locale.ts";

/**
 * GET /accounts/details for the selected account, its contact persons' job titles in the page's
 * language (`locale`). Sent with no-cache: after a save the page must show what the API now holds,
 * never a cached copy.
 */
export const loadAccountDetails = (api: ApiClient, accountNumber: string, lang: Lang): Promise<AccountDetails | null> =>
  api.request(PATHS.accountDetails, AccountDetailsSchema, {
    searchParams: { accountNumber, locale: contentLocale(lang) },
    headers: { "cache-control": "no-cache" },
  });

/** PUT /accounts for the selected account (HOOFDDATA); throws on any refusal so the form keeps its edits. */
export async function saveAccount(api: ApiClient, accountNumber: string, update: AccountUpdate): Promise<Account> {
  const saved = await api.request(PATHS.accounts, AccountSchema, {
    method: "PUT",
    searchParams: { accountNumber },
    json: update,
    failOnError: true,
  });
  if (!saved) throw new Error("The API answered the save without a body");
  return saved;
}
