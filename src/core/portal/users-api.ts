import type { ApiClient } from "../api/client.ts";
import { CreatedContactSchema, DeletedContactSchema, PermissionCatalogueSchema, RelatedContactSchema, RelatedContactsSchema, type CreatedContact, type PermissionCatalogue, type RelatedContact } from "../api/schemas/colleagues.ts";
import type { CreateContact, UpdateContact } from "../api/schemas/people-requests.ts";
import { PATHS } from "../api/paths.ts";

/**
 * User management calls (GEBRUIKERSBEHEER) for one account. Reads return null when the API refuses
 * (no permission); writes throw (failOnError) so the form can keep its input and say why.
 */
export function usersApi(api: ApiClient, accountNumber: string) {
  const searchParams = { accountNumber };
  const write = { searchParams, failOnError: true } as const;
  return {
    catalogue: (): Promise<PermissionCatalogue | null> => api.request(PATHS.permissionCatalogue, PermissionCatalogueSchema, { searchParams }),
    related: (): Promise<RelatedContact[] | null> => api.request(PATHS.relatedContacts, RelatedContactsSchema, { searchParams }),
    /** One user as 'show user' reads it, fresh from the API (GET /userpermissions/{id}). */
    contact: (id: string): Promise<RelatedContact | null> => api.request(PATHS.contact(id), RelatedContactSchema, { searchParams }),
    async create(body: CreateContact): Promise<CreatedContact> {
      return required(await api.request(PATHS.createContact, CreatedContactSchema, { ...write, method: "POST", json: body }));
    },
    async update(id: string, body: UpdateContact): Promise<RelatedContact> {
      return required(await api.request(PATHS.updateContact(id), RelatedContactSchema, { ...write, method: "PUT", json: body }));
    },
    async handOver(id: string): Promise<RelatedContact> {
      return required(await api.request(PATHS.handOver(id), RelatedContactSchema, { ...write, method: "POST" }));
    },
    async deactivate(id: string): Promise<RelatedContact> {
      return required(await api.request(PATHS.deactivateContact(id), RelatedContactSchema, { ...write, method: "POST" }));
    },
    async reactivate(id: string): Promise<RelatedContact> {
      return required(await api.request(PATHS.reactivateContact(id), RelatedContactSchema, { ...write, method: "POST" }));
    },
    /** A new link for an invitation not yet accepted; the old link dies. */
    async resend(id: string): Promise<RelatedContact> {
      return required(await api.request(PATHS.resendInvitation(id), RelatedContactSchema, { ...write, method: "POST" }));
    },
    async revoke(id: string): Promise<RelatedContact> {
      return required(await api.request(PATHS.revokeInvitation(id), RelatedContactSchema, { ...write, method: "POST" }));
    },
    async remove(id: string): Promise<{ id: string }> {
      return required(await api.request(PATHS.deleteContact(id), DeletedContactSchema, { ...write, method: "DELETE" }));
    },
  };
}

export type UsersApi = ReturnType<typeof usersApi>;

/** With failOnError a null can only mean an empty body where one was promised. */
function required<T>(value: T | null): T {
  if (value === null) throw new Error("The API answered without a body");
  return value;
}
