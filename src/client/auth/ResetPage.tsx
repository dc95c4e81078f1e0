// The reset-password card: username and id from the query
// string. The link is checked as the page opens, so an expired or used one says so before the
// applicant chooses a password; the address in it is checked as every card checks its e-mail.
import { useId, type ReactNode } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import type { AuthState } from "./navigation";
import { NewPasswordInput } from "./PasswordChecklist";
import { emailError, matchError, newPasswordError } from "./rules";
import { useCardForm } from "./useCardForm";
import { Link } from "../ui/Link";

export const RESET_ERROR = "Reset Password Card Error";
export const RESET_LINK_INCOMPLETE = "This password reset link is incomplete. Please open the link from the email again, or ask for a new one with Forgot password.";
const TITLE = "Reset Password";

export function ResetPage() {
  const [query] = useSearchParams();
  const username = query.get("username") ?? "";
  const id = query.get("id") ?? "";
  const link = useResetLink(username, id);
  if (link === "checking") {
    return <LinkCard><p role="status">Checking your link…</p></LinkCard>;
  }
  if (link === "expired") {
    return (
      <LinkCard>
        <p role="alert">This link has expired — <Link to="/forgot" state={{ username } satisfies AuthState}>request a new one</Link></p>
      </LinkCard>
    );
  }
  return <ResetCard username={username} id={id} />;
}

/**
 * Asks the server whether the link still works. A link without its parts or with an address that
 * is none is not asked about: Submit says what is wrong with it. When the server cannot tell (busy,
 * offline), the card shows and the reset itself answers.
 */
function useResetLink(username: string, id: string): "checking" | "expired" | "usable" {
  const isAskable = username !== "" && id !== "" && emailError(username) === undefined;
  const check = useQuery({
    queryKey: ["reset-link", username, id],
    enabled: isAskable,
    queryFn: () => api.checkResetLink({ username, id }),
    // Asked again at every opening: a link used a minute ago no longer works.
    gcTime: 0,
  });
  if (!isAskable) return "usable";
  if (check.isPending) return "checking";
  return check.error instanceof ApiError && check.error.status === 400 ? "expired" : "usable";
}

/** The card while the link is checked, and for a link that no longer works. */
function LinkCard({ children }: { children: ReactNode }) {
  const headingId = useId();
  useDocumentTitle(TITLE);
  return (
    <section className="card auth-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="card-title">{TITLE}</h1>
      {children}
    </section>
  );
}

function ResetCard({ username, id }: { username: string; id: string }) {
  const navigate = useNavigate();
  const cardToasts = useCardToasts();
  const form = useCardForm(
    { password: "", confirm_password: "" },
    (v) => ({ password: newPasswordError(v.password), confirm_password: matchError(v.password, v.confirm_password) }),
    { live: true },
  );

  const reset = useMutation({
    mutationFn: () => api.resetPassword({ username, password: form.values.password, confirm_password: form.values.confirm_password, id }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) => void navigate("/login", { state: { username, message: reply.message } satisfies AuthState }),
    onError: (error) => cardToasts.error(error.message, RESET_ERROR),
  });

  /** What is wrong with the link itself: the card has no field for it, so a card error says it. */
  const linkError = () => (username === "" || id === "" ? RESET_LINK_INCOMPLETE : emailError(username));

  return (
    <AuthCard
      title={TITLE}
      errorLabel={RESET_ERROR}
      cardToasts={cardToasts}
      isPending={reset.isPending}
      onSubmit={(element) => {
        if (!form.check(element)) return;
        const problem = linkError();
        if (problem) cardToasts.error(problem, RESET_ERROR);
        else reset.mutate();
      }}
      footer={<>Need a new link? <Link to="/forgot" state={{ username } satisfies AuthState}>Forgot password</Link></>}
    >
      {username && <p className="card-intro">Choose a new password for <strong>{username}</strong>.</p>}
      <NewPasswordInput label="New password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
      <TextInput
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        value={form.values.confirm_password}
        onChange={(v) => form.setValue("confirm_password", v)}
        error={form.errors.confirm_password}
      />
    </AuthCard>
  );
}
