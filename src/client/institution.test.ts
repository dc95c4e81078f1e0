import { describe, expect, it } from "vitest";
import { institution as settings } from "../../form-definitions/institution.json";
import { bannerText, configured, institution, MISSING_CONFIGURATION } from "./institution";

describe("the institution's settings", () => {
  it("come from form-definitions/institution.json", () => {
    expect(institution.name).toBe(settings.name);
    expect(institution.officeAddress).toEqual(settings.office_address);
    expect(institution.welcome.first_login).toBe(settings.welcome.first_login);
  });

  it("show 'WARNING- MISSING CONFIGURATION' in development where staff left a setting out", () => {
    expect(import.meta.env.DEV).toBe(true);
    expect(configured(undefined)).toBe("WARNING- MISSING CONFIGURATION");
    expect(configured("  ")).toBe(MISSING_CONFIGURATION);
    expect(configured("admission@westbrook.example.edu")).toBe("admission@westbrook.example.edu");
  });

  it("show the banner from its first day to its last, both included", () => {
    const { from, to, text } = settings.banner;
    expect(bannerText(from)).toBe(text);
    expect(bannerText(to)).toBe(text);
    const dayBefore = new Date(`${from}T12:00:00Z`);
    dayBefore.setUTCDate(dayBefore.getUTCDate() - 1);
    expect(bannerText(dayBefore.toISOString().slice(0, 10))).toBeUndefined();
    const dayAfter = new Date(`${to}T12:00:00Z`);
    dayAfter.setUTCDate(dayAfter.getUTCDate() + 1);
    expect(bannerText(dayAfter.toISOString().slice(0, 10))).toBeUndefined();
  });
});
