/** API path prefixes of the backend's two services; every call goes to `apiUrl` + one of these. */
export const V1 = "/contentfulservice/api/v1";
export const CONTACT_V2 = "/contactservice/api/v2";

/** POST: the public contact and appointment forms (a path of its own, so a public page's script takes only this). */
export const CONTACT_FORM = `${CONTACT_V2}/contacts/contactform`;

/** A path segment from an id (exported for the tables of lazily loaded screens: service-paths.ts). */
export const id = (value: string): string => encodeURIComponent(value);

/**
 * The paths of the portal's calls, one table for every screen (docs/api-people.md and
 * docs/api-business.md say what each takes and answers).
 */
export const PATHS = {
  accounts: `${V1}/accounts`,
  accountDetails: `${V1}/accounts/details`,
  users: `${V1}/users`,
  /** GET and PUT with a trailing slash: the signed-in user's own profile. */
  contacts: `${V1}/contacts/`,
  /** GET: the permission catalogue (codes, names, descriptions in both languages). */
  permissionCatalogue: `${V1}/userpermissions`,
  relatedContacts: `${V1}/userpermissions/related-contacts`,
  /** GET: one user of the account, what 'show user' reads. */
  contact: (contact: string) => `${V1}/userpermissions/${id(contact)}`,
  createContact: `${V1}/userpermissions/create-contact`,
  updateContact: (contact: string) => `${V1}/userpermissions/update-contact/${id(contact)}`,
  deleteContact: (contact: string) => `${V1}/userpermissions/delete-contact/${id(contact)}`,
  /** POST: makes the contact the account's main user (the main user's or an administrator's explicit action). */
  handOver: (contact: string) => `${V1}/userpermissions/hand-over/${id(contact)}`,
  /** GET, PUT (addition): the caller's own notification preferences. */
  notificationPreferences: `${V1}/contacts/notification-preferences`,
  /** GET (addition): a colleague's notification preferences, read-only (GEBRUIKERSBEHEER). */
  colleagueNotificationPreferences: (contact: string) => `${V1}/userpermissions/${id(contact)}/notification-preferences`,
  /** GET (addition): the account's activity log (GEBRUIKERSBEHEER). */
  activity: `${V1}/activity`,
  /** POST (addition): the person keeps their place and history but loses access (reactivate gives it back). */
  deactivateContact: (contact: string) => `${V1}/userpermissions/deactivate/${id(contact)}`,
  reactivateContact: (contact: string) => `${V1}/userpermissions/reactivate/${id(contact)}`,
  /** POST (addition): a new link for an invitation not yet accepted; the old link dies. */
  resendInvitation: (invitation: string) => `${V1}/userpermissions/invitations/${id(invitation)}/resend`,
  /** POST (addition): withdraws an open invitation; its link dies. */
  revokeInvitation: (invitation: string) => `${V1}/userpermissions/invitations/${id(invitation)}/revoke`,
  inbox: `${V1}/inbox`,
  inboxItem: (guid: string) => `${V1}/inbox/${id(guid)}`,
  invoices: `${V1}/invoices`,
  invoicesCsv: `${V1}/invoices/export.csv`,
  /** Addition: the chosen invoices (or the filter's) as one ZIP of PDFs, UBLs and the VAT summary. */
  invoicesZip: `${V1}/invoices/export.zip`,
  /** Addition: the main user's monthly bundle for the bookkeeper (GET, PUT). */
  monthlyBundle: `${V1}/invoices/monthly-bundle`,
  invoicePdf: (invoice: string) => `${V1}/invoices/${id(invoice)}/pdf`,
  /** POST (addition): a payment of open invoices through the provider's hosted checkout. */
  invoicePayments: `${V1}/invoices/payments`,
  /** GET (addition): one payment of the account, what the status page reads. */
  invoicePayment: (payment: string) => `${V1}/invoices/payments/${id(payment)}`,
  /** Addition: the invoice as a UBL e-invoice (Peppol BIS Billing 3.0). */
  invoiceUbl: (invoice: string) => `${V1}/invoices/${id(invoice)}/ubl`,
  documents: `${V1}/documents`,
  documentDownload: (document: string) => `${V1}/documents/${id(document)}/download`,
  salesContract: `${V1}/salescontract`,
  products: `${V1}/actualssalesdata/products`,
  wholesalers: `${V1}/actualssalesdata/wholesalers`,
  claims: `${V1}/actualssalesdata/`,
  claim: (claim: string) => `${V1}/actualssalesdata/${id(claim)}`,
  submitClaim: (claim: string) => `${V1}/actualssalesdata/${id(claim)}/submit`,
  claimAttachments: (claim: string) => `${V1}/actualssalesdata/${id(claim)}/attachments`,
  claimAttachment: (claim: string, attachment: string) => `${V1}/actualssalesdata/${id(claim)}/attachments/${id(attachment)}`,
  /** GET (addition): every outlet of the caller with its figures, one call for the all-outlets screen. */
  outlets: `${V1}/outlets`,
  /** GET (addition): the next delivery and the delivered ones of a period. */
  deliveries: `${V1}/deliveries`,
  /** GET (addition): one delivery by its delivery note's number. */
  delivery: (delivery: string) => `${V1}/deliveries/${id(delivery)}`,
  /** GET (addition): the delivery note (pakbon) as a PDF. */
  deliveryNote: (delivery: string) => `${V1}/deliveries/${id(delivery)}/pdf`,
  /** GET (addition): the empties ledger of a period: held before it, each movement, the deposits. */
  empties: `${V1}/empties`,
  /** GET (addition): the same as a CSV file, in the invoices export's format. */
  emptiesCsv: `${V1}/empties/export.csv`,
  corona: `${V1}/corona`,
  coronaAttachments: `${V1}/corona/attachments`,
  coronaAttachment: (attachment: string) => `${V1}/corona/attachments/${id(attachment)}`,
  contactForm: CONTACT_FORM,
} as const;

