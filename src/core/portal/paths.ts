import { V1 } from "../api/paths.ts";

/** API paths of the portal screens (docs/api-people.md; docs/api-business.md: inbox, invoices, contract). */
export const PORTAL_PATHS = {
  /** GET: the permission catalogue (codes, names, descriptions in both languages). */
  permissionCatalogue: `${V1}/userpermissions`,
  relatedContacts: `${V1}/userpermissions/related-contacts`,
  contact: (id: string) => `${V1}/userpermissions/${encodeURIComponent(id)}`,
  createContact: `${V1}/userpermissions/create-contact`,
  updateContact: (id: string) => `${V1}/userpermissions/update-contact/${encodeURIComponent(id)}`,
  deleteContact: (id: string) => `${V1}/userpermissions/delete-contact/${encodeURIComponent(id)}`,
  /** POST: makes the contact the account's main user (the main user's or an administrator's explicit action). */
  handOver: (id: string) => `${V1}/userpermissions/hand-over/${encodeURIComponent(id)}`,
  inbox: `${V1}/inbox`,
  inboxItem: (guid: string) => `${V1}/inbox/${encodeURIComponent(guid)}`,
  invoices: `${V1}/invoices`,
  salesContract: `${V1}/salescontract`,
} as const;
