import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { api } from "../api/calls";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import type { AuthState } from "./navigation";
import { NewPasswordInput } from "./PasswordChecklist";
import { matchError, newPasswordError } from "./rules";
import { useCardForm } from "./useCardForm";

export const RESET_ERROR = "Reset Password Card Error";
export const RESET_LINK_INCOMPLETE = "This password reset link is incomplete. Please open the link from the email again, or ask for a new one with Forgot password.";

export function ResetPage() {
  const navigate = useNavigate();
  const cardToasts = useCardToasts();
  const [query] = useSearchParams();
  const username = query.get("username") ?? "";
  const id = query.get("id") ?? "";
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

  return (
    <AuthCard
      title="Reset Password"
      errorLabel={RESET_ERROR}
      cardToasts={cardToasts}
      isPending={reset.isPending}
      onSubmit={(element) => {
        if (!form.check(element)) return;
        if (username === "" || id === "") cardToasts.error(RESET_LINK_INCOMPLETE, RESET_ERROR);
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
