import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../api/calls";
import { CodeInput } from "../ui/CodeInput";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import { ResendCodeButton } from "./ResendCodeButton";
import { useAuthState, type AuthState } from "./navigation";
import { codeError, emailError } from "./rules";
import { useCardForm } from "./useCardForm";
import { Link } from "../ui/Link";

export const CONFIRM_ERROR = "Confirm Card Error";

export function ConfirmPage() {
  const navigate = useNavigate();
  const cardToasts = useCardToasts();
  const form = useCardForm(
    { email: useAuthState().username ?? "", code: "" },
    (v) => ({ email: emailError(v.email), code: codeError(v.code) }),
    { live: true },
  );
  const username = form.values.email.trim();

  const confirm = useMutation({
    mutationFn: () => api.confirm({ username, code: form.values.code.trim() }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) => void navigate("/login", { state: { username, message: reply.message } satisfies AuthState }),
    onError: (error) => cardToasts.error(error.message, CONFIRM_ERROR),
  });

  return (
    <AuthCard
      title="Confirm Your Account"
      errorLabel={CONFIRM_ERROR}
      cardToasts={cardToasts}
      isPending={confirm.isPending}
      onSubmit={(element) => form.check(element) && confirm.mutate()}
      links={
        <ResendCodeButton email={form.values.email} setEmailError={(error) => form.setError("email", error)} cardToasts={cardToasts} />
      }
      footer={<>Already confirmed your account? <Link to="/login" state={{ username } satisfies AuthState}>Log In</Link></>}
    >
      <TextInput label="Email" inputMode="email" autoComplete="username" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
      <CodeInput sentTo="your email address" value={form.values.code} onChange={(v) => form.setValue("code", v)} error={form.errors.code} />
    </AuthCard>
  );
}
