/** API path prefixes of the backend's two services; every call goes to `apiUrl` + one of these. */
export const V1 = "/contentfulservice/api/v1";
export const CONTACT_V2 = "/contactservice/api/v2";

/** Paths of the calls the sign-in and account code makes. */
export const PEOPLE = {
  accounts: `${V1}/accounts`,
  accountDetails: `${V1}/accounts/details`,
  users: `${V1}/users`,
  contacts: `${V1}/contacts`,
} as const;
