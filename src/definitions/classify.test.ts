import { describe, expect, it } from "vitest";
import { classifyDefinitionFile } from "./classify";

describe("sorting the files of form-definitions/", () => {
  it("reads every file in options/ as an option list", () => {
    expect(classifyDefinitionFile("options/months.json", { options: [] })).toBe("optionListFile");
  });

  it("knows the address template and the institution's settings by what they hold", () => {
    expect(classifyDefinitionFile("address.json", { template: "address", items: [] })).toBe("templateFile");
    expect(classifyDefinitionFile("institution.json", { institution: {} })).toBe("institutionFile");
  });

  it("reads any other file as a page", () => {
    expect(classifyDefinitionFile("about.json", { page: "about", route: "/about", items: [] })).toBe("page");
  });
});
