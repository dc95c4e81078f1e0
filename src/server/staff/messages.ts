// What the staff side says: to admissions officers, not applicants.
import type { StaffRole } from "../../api-contract/staff";

export const staffMessages = {
  loginNeeded: "Please log in to the admissions office.",
  loggedOut: "You have been logged out.",
  roleNeeded: (role: StaffRole) => `This needs the ${role} role. Ask an admin if you need it.`,
};
