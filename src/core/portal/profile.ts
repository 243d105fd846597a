import type { ApiClient } from "../api/client.ts";
import { PEOPLE } from "../api/paths.ts";
import { UserProfileSchema, type ProfileUpdate, type UserProfile } from "../api/schemas/people.ts";
import { validateProfile } from "../validation/contact.ts";
import type { FieldError } from "../validation/field-error.ts";

/** The own-profile form: the e-mail address is the sign-in name and only shown. */
export type ProfileFormValues = ProfileUpdate;

export const profileFormValues = (profile: UserProfile): ProfileFormValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phonenumber: profile.phonenumber,
});

export const validateProfileForm = (values: ProfileFormValues): FieldError[] => validateProfile(values);

const trimmed = (values: ProfileFormValues): ProfileUpdate => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  phonenumber: values.phonenumber.trim(),
});

/** GET /contacts/: the signed-in user's own profile. */
export const loadProfile = (api: ApiClient): Promise<UserProfile | null> => api.request(`${PEOPLE.contacts}/`, UserProfileSchema);

/** PUT /contacts/; throws on a refusal so the form keeps its input. */
export async function saveProfile(api: ApiClient, values: ProfileFormValues): Promise<UserProfile> {
  const saved = await api.request(`${PEOPLE.contacts}/`, UserProfileSchema, { method: "PUT", json: trimmed(values), failOnError: true });
  if (!saved) throw new Error("The API answered the save without a body");
  return saved;
}
