// The validation rules of schemas/rules/*.schema.json as an applicant meets them: each test starts
// from one complete, valid application (examples/answers/complete.json, for this cycle), changes the few
// answers needed, and checks the message shown on the question. Messages are quoted as the
// applicant reads them (the specification's wording), not read from the rule files.
import { beforeAll, describe, expect, it } from "vitest";
import { readProject } from "../definitions/files";
import { completeAnswers } from "../../tests/support/answer-sets";
import { definitions, optionsOf } from "../../tests/support/definitions";
import { loadForm } from "./compile";
import { evaluateAnswers, validateAnswers, type Answers, type CompiledForm, type FormState, type ValidationErrors } from "./runtime";

const TODAY = "2026-11-22";

const complete: Answers = completeAnswers(definitions(), TODAY);
let form: CompiledForm;

beforeAll(async () => {
  form = loadForm(readProject().form, { today: TODAY });
});

/** The errors of the complete application after `changes`, as the server computes them on TODAY. */
function errorsAfter(changes: Answers, state: FormState = {}): ValidationErrors {
  return validateAnswers(form, { ...complete, ...changes }, { today: TODAY, ...state });
}

/** A row of a table: what the applicant does, the answers that changes, and the message they see where. */
interface Case {
  name: string;
  changes: Answers;
  key: string;
  message: string;
  state?: FormState;
}

/** One test per row, named by the row: the answers change, the message shows on the question. */
function itShows(cases: Case[]) {
  it.each(cases.map((c) => [c.name, c] as const))("%s", (_name, { changes, key, message, state }) => {
    expect(errorsAfter(changes, state)[key]).toContain(message);
  });
}

/** A non-U.S. citizen with a student visa: the English tests are asked. */
const international: Answers = {
  citizenship_us: "N", citizenship_us_desc: "No",
  citizenship_non_us_type: "3", citizenship_non_us_type_desc: "Citizen of another country, with or applying for a U.S. student visa",
  citizenship: "NGA", citizenship_desc: "Nigeria",
  citizenship_visa_status: "F1", citizenship_visa_status_desc: "F-1 student visa",
  first_time_student: "Y", first_time_student_desc: "Yes",
  native_language_english: "Y", native_language_english_desc: "Yes",
  financial_aid_intl: "Y", financial_aid_intl_desc: "Yes",
};

describe("the complete application", () => {
  it("shows no errors at all", () => {
    expect(validateAnswers(form, complete, { today: TODAY })).toEqual({});
  });

  it("clears none of the answers", () => {
    expect(evaluateAnswers(form, complete).cleared).toEqual([]);
  });

  it("answers more than 150 questions and companions", () => {
    expect(Object.keys(complete).length).toBeGreaterThanOrEqual(150);
  });
});

describe("address rules", () => {
  describe("permanent address", () => {
    itShows([
      { name: "asks for the country of the permanent address", changes: { country: "", country_desc: "" }, key: "country", message: "Country is required." },
      { name: "asks for the first line of the permanent address", changes: { address_line_1: "" }, key: "address_line_1", message: "Address Line 1 is required." },
      { name: "asks for the city of the permanent address", changes: { city: "" }, key: "city", message: "City is required." },
      { name: "asks for the state of a US address", changes: { state: "", state_desc: "" }, key: "state", message: "State/Province is required." },
      {
        name: "asks for the province of a Canadian address",
        changes: { country: "CAN", country_desc: "Canada", state: "", state_desc: "", zip: "M5V 2T6" },
        key: "state", message: "State/Province is required.",
      },
      { name: "asks for the ZIP code of a US address", changes: { zip: "" }, key: "zip", message: "ZIP/Postal Code is required." },
      { name: "asks for a ZIP code of at least 5 characters for a US address", changes: { zip: "4321" }, key: "zip", message: "ZIP/Postal Code must be at least 5 characters." },
    ]);

    it("accepts a 4-digit postal code and no state for an address outside the US and Canada", () => {
      const errors = errorsAfter({ country: "CHE", country_desc: "Switzerland", address_line_2: "", city: "Zürich", state: "", state_desc: "", zip: "8001" });
      expect(errors).toEqual({});
    });
  });

  describe("mailing address", () => {
    itShows([
      { name: "asks for the country of a different mailing address", changes: { mailing_country: "", mailing_country_desc: "" }, key: "mailing_country", message: "Mailing: Country is required." },
      { name: "asks for the first line of a different mailing address", changes: { mailing_address_line_1: "" }, key: "mailing_address_line_1", message: "Mailing: Address Line 1 is required." },
      { name: "asks for the city of a different mailing address", changes: { mailing_city: "" }, key: "mailing_city", message: "Mailing: City is required." },
      { name: "asks for the state of a US mailing address", changes: { mailing_state: "", mailing_state_desc: "" }, key: "mailing_state", message: "Mailing: State/Province is required." },
      {
        name: "asks for the province of a Canadian mailing address",
        changes: { mailing_country: "CAN", mailing_country_desc: "Canada", mailing_state: "", mailing_state_desc: "", mailing_zip: "M5V 2T6" },
        key: "mailing_state", message: "Mailing: State/Province is required.",
      },
      { name: "asks for the ZIP code of a US mailing address", changes: { mailing_zip: "" }, key: "mailing_zip", message: "Mailing: ZIP/Postal Code is required." },
      { name: "asks for a ZIP code of at least 5 characters for a US mailing address", changes: { mailing_zip: "4321" }, key: "mailing_zip", message: "Mailing: ZIP/Postal Code must be at least 5 characters." },
    ]);

    // The mailing fields are required only when the answer is N, and the answer itself is not (docs/choices.md).
    it("does not require the question whether the mailing address is the same, nor a mailing address when it is unanswered", () => {
      const errors = errorsAfter({
        mailing_addr_same_as_perm_addr: "", mailing_addr_same_as_perm_addr_desc: "",
        mailing_country: "", mailing_country_desc: "", mailing_address_line_1: "", mailing_city: "",
        mailing_state: "", mailing_state_desc: "", mailing_zip: "",
      });
      expect(errors).toEqual({});
    });

    it("does not ask for a mailing address when it is the same as the permanent one", () => {
      const errors = errorsAfter({
        mailing_addr_same_as_perm_addr: "Y", mailing_addr_same_as_perm_addr_desc: "Yes",
        mailing_country: "", mailing_country_desc: "", mailing_address_line_1: "", mailing_city: "",
        mailing_state: "", mailing_state_desc: "", mailing_zip: "",
      });
      expect(errors).toEqual({});
    });
  });
});

describe("citizenship rules", () => {
  itShows([
    { name: "asks whether the applicant is a U.S. citizen", changes: { citizenship_us: "", citizenship_us_desc: "" }, key: "citizenship_us", message: "Please tell us whether you are a U.S. citizen." },
    {
      name: "asks a U.S. citizen which describes their citizenship",
      changes: { citizenship_us_type: "", citizenship_us_type_desc: "" },
      key: "citizenship_us_type", message: "Please choose which describes your U.S. citizenship.",
    },
    {
      name: "asks a U.S. citizen by birth whether they are also a citizen of another country",
      changes: { citizenship_us_dual: "", citizenship_us_dual_desc: "" },
      key: "citizenship_us_dual", message: "Please tell us whether you are also a citizen of another country.",
    },
    {
      name: "asks a naturalized U.S. citizen for their former country of citizenship",
      changes: { citizenship_us_type: "2", citizenship_us_type_desc: "Naturalized U.S. citizen", citizenship_us_dual: "", citizenship_us_dual_desc: "" },
      key: "citizenship_2", message: "Country of Former Citizenship is required.",
    },
    {
      name: "asks someone who is not a U.S. citizen which describes their citizenship",
      changes: { citizenship_us: "N", citizenship_us_desc: "No" },
      key: "citizenship_non_us_type", message: "Please choose which describes your citizenship.",
    },
    {
      name: "asks a student-visa applicant for their country of citizenship",
      changes: { ...international, citizenship: "", citizenship_desc: "" },
      key: "citizenship", message: "Country of Citizenship is required.",
    },
    {
      name: "asks an applicant with another status for their country of citizenship",
      changes: { ...international, citizenship_non_us_type: "5", citizenship_non_us_type_desc: "Another status", citizenship: "", citizenship_desc: "" },
      key: "citizenship", message: "Country of Citizenship is required.",
    },
  ]);

  it("accepts a naturalized U.S. citizen who gives their former country", () => {
    const errors = errorsAfter({ citizenship_us_type: "2", citizenship_us_type_desc: "Naturalized U.S. citizen", citizenship_2: "NGA", citizenship_2_desc: "Nigeria" });
    expect(errors).toEqual({});
  });

  it("does not ask a U.S. permanent resident for a country of citizenship", () => {
    const errors = errorsAfter({
      citizenship_us: "N", citizenship_us_desc: "No",
      citizenship_non_us_type: "1", citizenship_non_us_type_desc: "U.S. permanent resident (green card holder)",
      financial_aid_intl: "Y", financial_aid_intl_desc: "Yes",
    });
    expect(errors).toEqual({});
  });
});

describe("personal rules", () => {
  itShows([
    { name: "asks for the first name", changes: { first_name: "" }, key: "first_name", message: "First Name is required." },
    { name: "asks for the last name", changes: { last_name: "" }, key: "last_name", message: "Last Name is required." },
    { name: "asks for the legal sex", changes: { gender: "", gender_desc: "" }, key: "gender", message: "Legal Sex is required." },
    { name: "asks for the date of birth", changes: { birth_date: "" }, key: "birth_date", message: "Date of Birth is required." },
  ]);

  describe("date of birth", () => {
    it.each(["2013-11-22", "1926-11-22", "2008-03-14", "2008-02-29"])("accepts a birth date of %s", (birthDate) => {
      expect(errorsAfter({ birth_date: birthDate })).toEqual({});
    });

    it("refuses an applicant who turns 13 only tomorrow", () => {
      expect(errorsAfter({ birth_date: "2013-11-23" }).birth_date).toEqual(["You must be 13 years or older to apply."]);
    });

    it("refuses a birth date more than 100 years ago", () => {
      expect(errorsAfter({ birth_date: "1926-11-21" }).birth_date).toEqual(["This date is not supported. Please contact help support for assistance."]);
    });

    it.each(["2008-02-30", "2007-02-29", "2008-13-01"])("asks for a valid date instead of %s", (birthDate) => {
      expect(errorsAfter({ birth_date: birthDate }).birth_date).toContain("Please enter a valid Date of Birth.");
    });
  });

  describe("phone numbers and email", () => {
    itShows([
      { name: "refuses a cell phone number without the (###) ###-#### format", changes: { phone_mobile: "555-555-5555" }, key: "phone_mobile", message: "Please provide a valid cell phone number." },
      { name: "refuses a cell phone number whose area code starts with 1", changes: { phone_mobile: "(155) 555-5555" }, key: "phone_mobile", message: "Please provide a valid cell phone number." },
      {
        name: "asks for a cell phone number when the applicant wants text message updates",
        changes: { phone_mobile: "" },
        key: "phone_mobile", message: "A cell phone number is required to receive text message updates.",
      },
      {
        name: "asks for a cell, home or international number (on the cell phone) when none is given",
        changes: { phone_mobile: "", phone_home: "", optin_sms_ind: false },
        key: "phone_mobile", message: "Please provide a cell, home or international phone number.",
      },
      {
        name: "asks for a cell, home or international number (on the home phone) when none is given",
        changes: { phone_mobile: "", phone_home: "", optin_sms_ind: false },
        key: "phone_home", message: "Please provide a cell, home or international phone number.",
      },
      { name: "refuses a home phone number without the (###) ###-#### format", changes: { phone_home: "555-0142" }, key: "phone_home", message: "Please provide a valid home phone number." },
      { name: "refuses a home phone number whose area code starts with 0", changes: { phone_home: "(055) 555-0142" }, key: "phone_home", message: "Please provide a valid home phone number." },
      {
        name: "refuses an international phone number that starts with a plus sign",
        changes: { phone_international: "+44 20 7946 0000" },
        key: "phone_international", message: "An international phone number must start with a digit.",
      },
      { name: "refuses an email address without a domain", changes: { email_address: "maya.okafor@" }, key: "email_address", message: "Please provide a valid email address." },
    ]);

    it("accepts a home phone alone when the applicant does not want text messages", () => {
      expect(errorsAfter({ phone_mobile: "", optin_sms_ind: false })).toEqual({});
    });

    it("accepts an international phone alone", () => {
      expect(errorsAfter({ phone_mobile: "", phone_home: "", optin_sms_ind: false, phone_international: "442079460000" })).toEqual({});
    });

    it("accepts a cell phone alone", () => {
      expect(errorsAfter({ phone_home: "" })).toEqual({});
    });
  });

  // A number question takes digits only (the browser drops anything else as typed; the server's rules say so again).
  describe("siblings' ages", () => {
    it.each(["sibling_age", "sibling_2_age", "sibling_3_age", "sibling_4_age"])("refuses letters as the age in %s", (key) => {
      expect(errorsAfter({ [key]: "abc" })[key]).toEqual(["Please enter the age in digits, for example 14."]);
    });

    it.each(["-3", "1.5", "1 4"])("refuses %s as an age", (age) => {
      expect(errorsAfter({ sibling_2_age: age }).sibling_2_age).toEqual(["Please enter the age in digits, for example 14."]);
    });

    it("accepts an age in digits", () => {
      expect(errorsAfter({ sibling_2_age: "9" })).toEqual({});
    });
  });
});

describe("parents rules", () => {
  describe("parent/guardian 1", () => {
    itShows([
      { name: "asks for the first name of a living parent 1", changes: { parent_first_name: "" }, key: "parent_first_name", message: "Parent 1/Guardian 1: First Name is required." },
      { name: "asks for the last name of a living parent 1", changes: { parent_last_name: "" }, key: "parent_last_name", message: "Parent 1/Guardian 1: Last Name is required." },
      {
        name: "asks whether parent 1 lives at the applicant's permanent address",
        changes: { parent_addr_same_as_stu_perm: "", parent_addr_same_as_stu_perm_desc: "" },
        key: "parent_addr_same_as_stu_perm", message: "Parent 1/Guardian 1: Please tell us whether this parent lives at your permanent address.",
      },
      { name: "refuses a badly formatted home phone for parent 1", changes: { parent_phone_home: "937-555-0187" }, key: "parent_phone_home", message: "Parent 1/Guardian 1: Please provide a valid home phone number." },
      { name: "refuses a badly formatted cell phone for parent 1", changes: { parent_phone_cell: "9375550133" }, key: "parent_phone_cell", message: "Parent 1/Guardian 1: Please provide a valid cell phone number." },
      { name: "refuses a badly formatted work phone for parent 1", changes: { parent_phone_work: "(137) 555-0100" }, key: "parent_phone_work", message: "Parent 1/Guardian 1: Please provide a valid work phone number." },
      { name: "refuses an invalid email address for parent 1", changes: { parent_email_address: "ngozi.okafor at example.com" }, key: "parent_email_address", message: "Parent 1/Guardian 1: Please provide a valid email address." },
      { name: "asks for the highest degree of parent 1, who attended college", changes: { parent_degree: "", parent_degree_desc: "" }, key: "parent_degree", message: "Parent 1/Guardian 1: Highest Degree is required." },
    ]);
  });

  describe("parent/guardian 2", () => {
    itShows([
      { name: "asks for the first name of a living parent 2", changes: { parent_2_first_name: "" }, key: "parent_2_first_name", message: "Parent 2/Guardian 2: First Name is required." },
      { name: "asks for the last name of a living parent 2", changes: { parent_2_last_name: "" }, key: "parent_2_last_name", message: "Parent 2/Guardian 2: Last Name is required." },
      {
        name: "asks whether parent 2 lives at the applicant's permanent address",
        changes: { parent_2_addr_same_as_stu_perm: "", parent_2_addr_same_as_stu_perm_desc: "" },
        key: "parent_2_addr_same_as_stu_perm", message: "Parent 2/Guardian 2: Please tell us whether this parent lives at your permanent address.",
      },
      { name: "refuses a badly formatted home phone for parent 2", changes: { parent_2_phone_home: "555-0142" }, key: "parent_2_phone_home", message: "Parent 2/Guardian 2: Please provide a valid home phone number." },
      { name: "refuses a badly formatted cell phone for parent 2", changes: { parent_2_phone_cell: "614.555.0199" }, key: "parent_2_phone_cell", message: "Parent 2/Guardian 2: Please provide a valid cell phone number." },
      { name: "refuses a badly formatted work phone for parent 2", changes: { parent_2_phone_work: "(614) 5550120" }, key: "parent_2_phone_work", message: "Parent 2/Guardian 2: Please provide a valid work phone number." },
      { name: "refuses an invalid email address for parent 2", changes: { parent_2_email_address: "david.okafor@" }, key: "parent_2_email_address", message: "Parent 2/Guardian 2: Please provide a valid email address." },
      {
        name: "asks for the highest degree of parent 2 once they attended college",
        changes: { parent_2_college: "Y", parent_2_college_desc: "Yes", parent_2_college_name: "Columbus State Community College" },
        key: "parent_2_degree", message: "Parent 2/Guardian 2: Highest Degree is required.",
      },
    ]);
  });

  it("does not ask for the name or address of a parent who has died", () => {
    const errors = errorsAfter({
      parent_2_living: "2", parent_2_living_desc: "No, deceased",
      parent_2_first_name: "", parent_2_last_name: "", parent_2_addr_same_as_stu_perm: "", parent_2_addr_same_as_stu_perm_desc: "",
    });
    expect(errors).toEqual({});
  });

  it("does not ask for the highest degree of a parent who did not attend college", () => {
    expect(errorsAfter({ parent_college: "N", parent_college_desc: "No" })).toEqual({});
  });
});

describe("academics rules", () => {
  describe("plans", () => {
    itShows([
      {
        name: "asks whether the applicant applied to Westbrook before",
        changes: { previously_applied_transfer: "", previously_applied_transfer_desc: "" },
        key: "previously_applied_transfer", message: "Please tell us whether you have applied to Westbrook before.",
      },
      { name: "asks for the entry term", changes: { entry_term: "", entry_term_desc: "" }, key: "entry_term", message: "Entry Term is required." },
      { name: "asks for the intended major", changes: { applied_major: "", applied_major_desc: "" }, key: "applied_major", message: "Intended Major is required." },
      {
        name: "asks an applicant for the cycle's term about the Management Honors Program",
        changes: { management_program: "", management_program_desc: "" },
        key: "management_program", message: "Please tell us whether you want to be considered for the Management Honors Program.",
      },
      { name: "asks an applicant for the cycle's term for the application plan", changes: { decision_type: "", decision_type_desc: "" }, key: "decision_type", message: "Application Plan is required." },
      {
        name: "asks an early decision applicant to tick the binding agreement",
        changes: { early_decision_agree: false },
        key: "early_decision_agree", message: "You must agree to the Early Decision commitment to apply Early Decision.",
      },
      {
        name: "asks an early decision applicant who never answered to agree",
        changes: { early_decision_agree: "" },
        key: "early_decision_agree", message: "You must agree to the Early Decision commitment to apply Early Decision.",
      },
      {
        name: "asks an Early Decision II applicant to tick the binding agreement",
        changes: { decision_type: "ED2", decision_type_desc: "Early Decision II", early_decision_agree: false },
        key: "early_decision_agree", message: "You must agree to the Early Decision commitment to apply Early Decision.",
      },
    ]);

    it("asks for neither the application plan nor the Management Honors Program for a later term", () => {
      const later = optionsOf("entry_term")[1]!;
      const errors = errorsAfter({
        entry_term: later.value, entry_term_desc: later.label,
        decision_type: "", decision_type_desc: "", early_decision_agree: "",
        management_program: "", management_program_desc: "",
      });
      expect(errors).toEqual({});
    });

    it("does not ask a Regular Decision applicant for the Early Decision agreement", () => {
      expect(errorsAfter({ decision_type: "RD", decision_type_desc: "Regular Decision", early_decision_agree: false })).toEqual({});
    });
  });

  describe("tests", () => {
    itShows([
      {
        name: "asks whether the applicant has taken or plans to take the SAT or ACT",
        changes: { test_taken_ind: "", test_taken_ind_desc: "" },
        key: "test_taken_ind", message: "Please tell us whether you have taken or plan to take the SAT or ACT.",
      },
      { name: "asks a test taker whether they took the SAT", changes: { sat_taken: "", sat_taken_desc: "" }, key: "sat_taken", message: "Please tell us whether you have taken the SAT." },
      { name: "asks a test taker whether they took the ACT", changes: { act_taken: "", act_taken_desc: "" }, key: "act_taken", message: "Please tell us whether you have taken the ACT." },
    ]);

    it("does not ask about the SAT or ACT when the applicant takes neither", () => {
      expect(errorsAfter({ test_taken_ind: "N", test_taken_ind_desc: "No", sat_taken: "", sat_taken_desc: "", act_taken: "", act_taken_desc: "" })).toEqual({});
    });

    describe.each([
      ["Reading and Writing", "sat_score_reading_writing", "SAT Reading and Writing score must be between 200 and 800, in steps of 10."],
      ["Math", "sat_score_math", "SAT Math score must be between 200 and 800, in steps of 10."],
    ])("SAT %s score", (_section, key, message) => {
      it.each(["190", "805", "655"])("refuses %s (200 to 800, in steps of 10)", (score) => {
        expect(errorsAfter({ [key]: score })[key]).toContain(message);
      });

      it.each(["200", "800", "650"])("accepts %s", (score) => {
        expect(errorsAfter({ [key]: score })).toEqual({});
      });
    });

    describe.each([
      ["Composite", "act_score_composite", "ACT Composite score must be between 1 and 36."],
      ["English", "act_score_english", "ACT English score must be between 1 and 36."],
      ["Math", "act_score_math", "ACT Math score must be between 1 and 36."],
      ["Reading", "act_score_reading", "ACT Reading score must be between 1 and 36."],
    ])("ACT %s score", (_section, key, message) => {
      it.each(["0", "37"])("refuses %s (1 to 36)", (score) => {
        expect(errorsAfter({ [key]: score })[key]).toContain(message);
      });

      it.each(["1", "36"])("accepts %s", (score) => {
        expect(errorsAfter({ [key]: score })).toEqual({});
      });
    });

    // [test, score key, "don't have it yet" key, a score with a non-digit, a whole-number score, message]
    describe.each([
      ["TOEFL", "toefl_score", "toefl_unsure", "1O5", "105", "TOEFL score must contain digits only."],
      ["IELTS", "ielts_score", "ielts_unsure", "7.5", "7", "IELTS score must contain digits only."],
      ["Duolingo English Test", "duolingo_score", "duolingo_unsure", "12O", "125", "Duolingo English Test score must contain digits only."],
    ])("%s score", (_test, key, unsure, wrong, right, message) => {
      it("asks an applicant who is not a U.S. citizen for digits only", () => {
        expect(errorsAfter({ ...international, [key]: wrong })[key]).toContain(message);
      });

      it("accepts a whole number from an applicant who is not a U.S. citizen", () => {
        expect(errorsAfter({ ...international, [key]: right })).toEqual({});
      });

      it("does not check the score of an applicant who does not have it yet", () => {
        expect(errorsAfter({ ...international, [key]: wrong, [unsure]: true })[key]).toBeUndefined();
      });

      it("does not check the score of a U.S. citizen", () => {
        expect(errorsAfter({ [key]: wrong })[key]).toBeUndefined();
      });
    });
  });

  describe("high schools", () => {
    itShows([
      { name: "asks the applicant to search for their school", changes: { hs_name: "", hs_ceeb: "" }, key: "hs_name", message: "Search for Your School" },
      {
        name: "asks for the month the applicant started at the school",
        changes: { hs_entry_month: "", hs_entry_month_desc: "" },
        key: "hs_entry_month", message: "Please choose the month you started at this school.",
      },
      {
        name: "asks for the month the applicant graduates or left the school",
        changes: { hs_grad_month: "", hs_grad_month_desc: "" },
        key: "hs_grad_month", message: "Please choose the month you graduate or left this school.",
      },
      { name: "asks to search for a second school once it is added", changes: {}, state: { blocks: { high_schools: 2 } }, key: "hs_2_name", message: "Search for Your School" },
      {
        name: "asks for the start month at a second school once it is added",
        changes: {}, state: { blocks: { high_schools: 2 } },
        key: "hs_2_entry_month", message: "Please choose the month you started at this school.",
      },
      {
        name: "asks for the graduation month at a second school once it is added",
        changes: {}, state: { blocks: { high_schools: 2 } },
        key: "hs_2_grad_month", message: "Please choose the month you graduate or left this school.",
      },
      { name: "asks to search for a third school once it is added", changes: {}, state: { blocks: { high_schools: 3 } }, key: "hs_3_name", message: "Search for Your School" },
      {
        name: "asks for the start month at a third school once it is added",
        changes: {}, state: { blocks: { high_schools: 3 } },
        key: "hs_3_entry_month", message: "Please choose the month you started at this school.",
      },
      {
        name: "asks for the graduation month at a third school once it is added",
        changes: {}, state: { blocks: { high_schools: 3 } },
        key: "hs_3_grad_month", message: "Please choose the month you graduate or left this school.",
      },
    ]);

    it("does not check a second high school that was not added", () => {
      const errors = errorsAfter({});
      expect(errors.hs_2_name).toBeUndefined();
      expect(errorsAfter({}, { blocks: { high_schools: 1 } })).toEqual({});
    });

    it("asks for the second school's name once the applicant adds it, and not before", () => {
      expect(errorsAfter({ hs_2_name: "" }).hs_2_name).toBeUndefined();
      expect(errorsAfter({ hs_2_name: "" }, { blocks: { high_schools: 2 } }).hs_2_name).toEqual(["Search for Your School"]);
    });

    it("accepts a complete second high school", () => {
      const errors = errorsAfter({
        hs_2_name: "Dayton Early College Academy", hs_2_ceeb: "361720",
        hs_2_country: "USA", hs_2_country_desc: "United States", hs_2_address_line_1: "300 College Park", hs_2_city: "Dayton",
        hs_2_state: "OH", hs_2_state_desc: "Ohio", hs_2_zip: "45469",
        hs_2_entry_month: "8", hs_2_entry_month_desc: "August", hs_2_grad_month: "6", hs_2_grad_month_desc: "June",
      });
      expect(errors).toEqual({});
    });
  });

  describe("high-school dates", () => {
    const AFTER = "The month you graduate (or left) must come after the month you started at this school.";
    const WITHIN_8_YEARS = "Please check the years: you graduate (or left) at most 8 years after you started at this school.";
    /** A school's entry and graduation, each "month/year", under `prefix`. */
    const attended = (prefix: string, entry: string, grad: string): Answers => {
      const [entryMonth, entryYear] = entry.split("/");
      const [gradMonth, gradYear] = grad.split("/");
      return {
        [`${prefix}entry_month`]: entryMonth!, [`${prefix}entry_year`]: entryYear!,
        [`${prefix}grad_month`]: gradMonth!, [`${prefix}grad_year`]: gradYear!,
      };
    };
    const secondSchool: Answers = {
      hs_2_name: "Dayton Early College Academy", hs_2_country: "USA", hs_2_address_line_1: "300 College Park", hs_2_city: "Dayton",
      hs_2_state: "OH", hs_2_zip: "45469",
    };
    const thirdSchool: Answers = {
      hs_3_name: "Lincoln High School", hs_3_country: "USA", hs_3_address_line_1: "1 Main Street", hs_3_city: "Toledo",
      hs_3_state: "OH", hs_3_zip: "43604",
    };

    it.each([
      ["hs_", {}, 1],
      ["hs_2_", secondSchool, 2],
      ["hs_3_", { ...secondSchool, ...attended("hs_2_", "8/2022", "6/2023"), ...thirdSchool }, 3],
    ] as const)("refuses a graduation at %s before the start, or in the month it started", (prefix, school, count) => {
      const state = { blocks: { high_schools: count } };
      expect(errorsAfter({ ...school, ...attended(prefix, "8/2024", "6/2023") }, state)[`${prefix}grad_year`]).toEqual([AFTER]);
      expect(errorsAfter({ ...school, ...attended(prefix, "8/2024", "8/2024") }, state)[`${prefix}grad_year`]).toEqual([AFTER]);
      expect(errorsAfter({ ...school, ...attended(prefix, "8/2024", "9/2024") }, state)).toEqual({});
    });

    it.each([
      ["hs_", {}, 1],
      ["hs_2_", secondSchool, 2],
      ["hs_3_", { ...secondSchool, ...attended("hs_2_", "8/2022", "6/2023"), ...thirdSchool }, 3],
    ] as const)("refuses a graduation at %s more than 8 years after the start", (prefix, school, count) => {
      const state = { blocks: { high_schools: count } };
      expect(errorsAfter({ ...school, ...attended(prefix, "5/2018", "6/2026") }, state)[`${prefix}grad_year`]).toEqual([WITHIN_8_YEARS]);
      expect(errorsAfter({ ...school, ...attended(prefix, "6/2018", "6/2026") }, state)).toEqual({});
    });

    // The high schools' months are required and their years are not: a month is the "answered marker" (docs/choices.md).
    it("accepts the months answered without their years, and compares nothing then", () => {
      expect(errorsAfter({ hs_entry_year: "", hs_entry_year_desc: "", hs_grad_year: "", hs_grad_year_desc: "" })).toEqual({});
      expect(errorsAfter({ hs_entry_month: "9", hs_entry_month_desc: "September", hs_entry_year: "" })).toEqual({});
    });

    it("asks for the months even when the years are given", () => {
      const errors = errorsAfter({ hs_entry_month: "", hs_entry_month_desc: "", hs_grad_month: "", hs_grad_month_desc: "" });
      expect(errors).toEqual({
        hs_entry_month: ["Please choose the month you started at this school."],
        hs_grad_month: ["Please choose the month you graduate or left this school."],
      });
    });
  });

  describe("test dates", () => {
    it.each([
      ["SAT", "sat_", "The date of your best SAT can't be in the future."],
      ["ACT", "act_", "The date of your best ACT can't be in the future."],
    ])("refuses a best %s in a month after this one", (_test, prefix, message) => {
      expect(errorsAfter({ [`${prefix}month`]: "12", [`${prefix}year`]: "2026" })[`${prefix}year`]).toEqual([message]);
      expect(errorsAfter({ [`${prefix}month`]: "11", [`${prefix}year`]: "2026" })).toEqual({});
    });

    it("follows the applicant's today, as the age rules do", () => {
      const answers = { ...complete, sat_month: "12", sat_year: "2026" };
      expect(validateAnswers(form, answers, { today: "2026-11-30" }).sat_year).toEqual(["The date of your best SAT can't be in the future."]);
      expect(validateAnswers(form, answers, { today: "2026-12-01" })).toEqual({});
    });
  });

  describe("counselor and writing", () => {
    itShows([
      {
        name: "refuses an invalid counselor email address",
        changes: { counselor_email_address: "ljenkins@" },
        key: "counselor_email_address", message: "The counselor email address is not valid.",
      },
      {
        name: "asks for the personal statement on the 'Write it here' tab",
        changes: { personal_statement_essay: "" },
        key: "personal_statement_essay", message: "We'd love to learn more about you than the basic facts on this application.",
      },
      {
        name: "asks for the personal statement document on the 'Upload a document' tab",
        changes: { personal_statement_essay: "" }, state: { tabs: { personal_statement: "upload" } },
        key: "personal_statement_doc", message: "We'd love to learn more about you than the basic facts on this application.",
      },
      {
        name: "asks for the whole ZeeMee link, starting with https://",
        changes: { zeemee_url: "www.zeemee.com/maya-okafor" },
        key: "zeemee_url", message: "Please enter the whole link, starting with https://",
      },
    ]);

    it("shows the missing personal statement only on the tab the applicant chose", () => {
      const onWrite = errorsAfter({ personal_statement_essay: "" });
      expect(Object.keys(onWrite)).toEqual(["personal_statement_essay"]);
      const onUpload = errorsAfter({ personal_statement_essay: "" }, { tabs: { personal_statement: "upload" } });
      expect(Object.keys(onUpload)).toEqual(["personal_statement_doc"]);
    });

    it("accepts an uploaded personal statement document instead of a written one", () => {
      const errors = errorsAfter({ personal_statement_essay: "", personal_statement_doc: "ANSWERED" }, { tabs: { personal_statement: "upload" } });
      expect(errors).toEqual({});
    });
  });
});

describe("final steps rules", () => {
  itShows([
    {
      name: "asks whether the applicant was ever convicted",
      changes: { conviction: "", conviction_desc: "" },
      key: "conviction", message: "Please tell us whether you have ever been convicted of a misdemeanor or felony.",
    },
    {
      name: "asks for an explanation of a conviction",
      changes: { conviction: "Y", conviction_desc: "Yes" },
      key: "conviction_comment", message: "Please explain your conviction.",
    },
    {
      name: "asks whether the applicant was ever suspended",
      changes: { suspended: "", suspended_desc: "" },
      key: "suspended", message: "Please tell us whether you have ever been suspended, expelled or dismissed from a school.",
    },
    {
      name: "asks for an explanation of a suspension",
      changes: { suspended: "Y", suspended_desc: "Yes" },
      key: "suspended_comment", message: "Please explain your suspension, expulsion or dismissal.",
    },
    {
      name: "asks whether the applicant waives the right to read the counselor's recommendation",
      changes: { counselor_waiver_request: "", counselor_waiver_request_desc: "" },
      key: "counselor_waiver_request", message: "Please tell us whether you waive your right to read your counselor's recommendation.",
    },
    {
      name: "asks the applicant to certify the application when the box was never ticked",
      changes: { legal_agree: "" },
      key: "legal_agree", message: "You must certify that your application is true, complete and your own work.",
    },
    {
      name: "asks the applicant to certify the application when the box is unticked",
      changes: { legal_agree: false },
      key: "legal_agree", message: "You must certify that your application is true, complete and your own work.",
    },
  ]);

  it("accepts a conviction and a suspension that are explained", () => {
    const errors = errorsAfter({
      conviction: "Y", conviction_desc: "Yes", conviction_comment: "A misdemeanor for trespassing at a closed park when I was 16.",
      suspended: "Y", suspended_desc: "Yes", suspended_comment: "Suspended for one day in 10th grade for leaving campus without permission.",
    });
    expect(errors).toEqual({});
  });
});

describe("hidden questions", () => {
  it("does not check the SAT score of an applicant who has not taken the SAT", () => {
    const taken = errorsAfter({ sat_score_math: "805" });
    expect(taken.sat_score_math).toContain("SAT Math score must be between 200 and 800, in steps of 10.");
    const notTaken = errorsAfter({ sat_taken: "N", sat_taken_desc: "No", sat_plan: "N", sat_plan_desc: "No", sat_score_math: "805" });
    expect(notTaken.sat_score_math).toBeUndefined();
    expect(notTaken).toEqual({});
  });

  it("clears the SAT answers of an applicant who has not taken the SAT", () => {
    const evaluation = evaluateAnswers(form, { ...complete, sat_taken: "N", sat_taken_desc: "No", sat_score_math: "805" });
    expect(evaluation.isShown("sat_score_math")).toBe(false);
    expect(evaluation.answers.sat_score_math).toBe("");
  });

  it("does not check the mailing ZIP code when the mailing address is the same", () => {
    expect(errorsAfter({ mailing_addr_same_as_perm_addr: "Y", mailing_addr_same_as_perm_addr_desc: "Yes", mailing_zip: "1" })).toEqual({});
  });
});
