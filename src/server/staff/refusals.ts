// The staff side's refusals as answers: each code its status and message (messages.ts).
import { ApiError } from "../../api-contract";
import { messages } from "../messages";
import type { InvitationRefusal } from "./invitations";
import type { StaffLoginResult } from "./login";
import type { ChangeResult } from "./members";
import { staffMessages } from "./messages";

type Refusal = InvitationRefusal | Extract<StaffLoginResult, { ok: false }> | Extract<ChangeResult, { ok: false }>;

export function staffRefusal(refused: Refusal): ApiError {
  switch (refused.code) {
    case "loginWrong": case "emailInvalid": case "enrolmentCodeWrong": return new ApiError(400, staffMessages[refused.code]);
    // The applicants' password rules, in their words.
    case "passwordRules": return new ApiError(400, messages.passwordRules(refused.failed));
    case "passwordCommon": return new ApiError(400, messages.passwordCommon);
    case "invitationInvalid": case "staffUnknown": return new ApiError(404, staffMessages[refused.code]);
    case "passwordFirst": case "notYourself": case "lastAdmin": return new ApiError(409, staffMessages[refused.code]);
    case "alreadyActive": case "alreadyDisabled": return new ApiError(409, staffMessages[refused.code](refused.email));
    case "loginThrottled": return new ApiError(429, staffMessages.loginThrottled(refused.minutes));
    case "mailFailed": return new ApiError(503, staffMessages.inviteMailFailed);
    default: {
      const unknown: never = refused;
      throw new Error(`no answer for ${JSON.stringify(unknown)}`);
    }
  }
}
