import { nl as publicSite } from "../public.ts";
import { nl as contact } from "../contact.ts";
import { nl as search } from "../search.ts";
import { nl as idp } from "../idp.ts";
import { nl as mail } from "../mail.ts";
import { nl as offline } from "../offline.ts";
import { nl as invitation } from "../invitation.ts";
import { en as publicSiteEn } from "../en/public.ts";
import { en as contactEn } from "../en/contact.ts";
import { en as searchEn } from "../en/search.ts";
import { en as idpEn } from "../en/idp.ts";
import { en as mailEn } from "../en/mail.ts";
import { en as offlineEn } from "../en/offline.ts";
import { en as invitationEn } from "../en/invitation.ts";

/**
 * The public site's strings, rendered at build time only (the search page's script takes its few
 * strings from `search.ts` itself), and the stand-in identity provider's pages and mails: no island
 * ever downloads them.
 */
export const nl = { ...publicSite, ...contact, ...search, ...idp, ...mail, ...offline, ...invitation };
export const en: Record<keyof typeof nl, string> = { ...publicSiteEn, ...contactEn, ...searchEn, ...idpEn, ...mailEn, ...offlineEn, ...invitationEn };
