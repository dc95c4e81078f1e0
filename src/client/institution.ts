// The institution's settings (form-definitions/institution.json) for the header, footer, banner
// and dialogs. The definition linter refuses a file without the required settings before any
// build; in development (no build, so no linter) a missing one shows a warning in its place.
import { institution as settings } from "../../form-definitions/institution.json";
import type { InstitutionFile } from "../engine/runtime";

export const MISSING_CONFIGURATION = "WARNING- MISSING CONFIGURATION";

const partial = settings as unknown as Partial<InstitutionFile["institution"]>;

/** A required setting, or the spec's warning in development when staff left it out. */
export function configured(value: string | undefined): string {
  if (value !== undefined && value.trim() !== "") return value;
  if (import.meta.env.DEV) return MISSING_CONFIGURATION;
  throw new Error("A required institution setting is missing; npm run lint:definitions names it.");
}

export const institution = {
  name: configured(partial.name),
  officeName: partial.office_name ?? partial.name ?? "",
  officeAddress: partial.office_address?.length ? partial.office_address : [configured(undefined)],
  email: configured(partial.contacts?.email),
  phone: configured(partial.contacts?.phone),
  fax: partial.contacts?.fax,
  techEmail: partial.contacts?.tech_email,
  privacyUrl: configured(partial.privacy_url),
  studentType: partial.student_type ?? "",
  /** The office's time zone: the status page writes the submitted time as the confirmation e-mail does. */
  timeZone: configured(partial.time_zone),
  banner: partial.banner,
  /** What a document upload takes; the linter refuses a file without it, so the fallback is development's only. */
  uploads: partial.uploads ?? { max_size_mb: 1, types: [".pdf"] },
  welcome: {
    visitor: configured(partial.welcome?.visitor),
    first_login: configured(partial.welcome?.first_login),
    returning: configured(partial.welcome?.returning),
    submitted: configured(partial.welcome?.submitted),
  },
};

/** The banner's text on the days it shows (from and to inclusive, the applicant's local dates). */
export function bannerText(today: string): string | undefined {
  const { banner } = institution;
  return banner && banner.from <= today && today <= banner.to ? banner.text : undefined;
}
