// The staff side's refusals as answers: each code its status and message (messages.ts).
import { ApiError, refuse } from "../../api-contract";
import type { InvitationRefusal } from "./invitations";
import type { StaffLoginResult } from "./login";
import type { ChangeResult } from "./members";

type Refusal = InvitationRefusal | Extract<StaffLoginResult, { ok: false }> | Extract<ChangeResult, { ok: false }>;

export function staffRefusal(refused: Refusal): ApiError {
  switch (refused.code) {
    case "loginWrong": return refuse(400, "staffLoginWrong");
    case "emailInvalid": return refuse(400, "staffEmailInvalid");
    case "enrolmentCodeWrong": return refuse(400, refused.code);
    // The applicants' password rules, in their words.
    case "passwordRules": return refuse(400, "passwordRules", refused.failed);
    case "passwordCommon": return refuse(400, "passwordCommon");
    case "invitationInvalid": case "staffUnknown": return refuse(404, refused.code);
    case "passwordFirst": case "notYourself": case "lastAdmin": case "keysToInvalid": return refuse(409, refused.code);
    case "alreadyActive": case "alreadyDisabled": return refuse(409, refused.code, refused.email);
    case "loginThrottled": return refuse(429, "staffLoginThrottled", refused.minutes);
    case "mailFailed": return refuse(503, "inviteMailFailed");
    default: {
      const unknown: never = refused;
      throw new Error(`no answer for ${JSON.stringify(unknown)}`);
    }
  }
}
