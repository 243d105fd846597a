import type { ApiClient } from "../api/client.ts";
import { PATHS } from "../api/paths.ts";
import { UserProfileSchema, type UserProfile } from "../api/schemas/people.ts";
import { ProfileUpdateSchema, type ProfileUpdate } from "../api/schemas/people-requests.ts";
import { validateFields, type FieldError, type ValidationCode } from "../validation/field-error.ts";

/** The own-profile form: the e-mail address is the sign-in name and only shown. */
export type ProfileFormValues = ProfileUpdate;

export const profileFormValues = (profile: UserProfile): ProfileFormValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phonenumber: profile.phonenumber,
});

/** The form's errors, by the same schema the API applies. */
export const validateProfileForm = (values: ProfileFormValues): FieldError<ValidationCode>[] => validateFields(ProfileUpdateSchema, values);

const trimmed = (values: ProfileFormValues): ProfileUpdate => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  phonenumber: values.phonenumber.trim(),
});

/** GET /contacts/: the signed-in user's own profile. */
export const loadProfile = (api: ApiClient): Promise<UserProfile | null> => api.request(PATHS.contacts, UserProfileSchema);

/** PUT /contacts/; throws on a refusal so the form keeps its input. */
export async function saveProfile(api: ApiClient, values: ProfileFormValues): Promise<UserProfile> {
  const saved = await api.request(PATHS.contacts, UserProfileSchema, { method: "PUT", json: trimmed(values), failOnError: true });
  if (!saved) throw new Error("The API answered the save without a body");
  return saved;
}
