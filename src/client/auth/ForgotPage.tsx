import { useMutation } from "@tanstack/react-query";
import { api } from "../api/calls";
import { toasts } from "../ui/Toasts";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import { useAuthState, type AuthState } from "./navigation";
import { emailError } from "./rules";
import { useCardForm } from "./useCardForm";
import { Link } from "../ui/Link";

export const FORGOT_ERROR = "Forgot Password Card Error";

export function ForgotPage() {
  const cardToasts = useCardToasts();
  const form = useCardForm({ email: useAuthState().username ?? "" }, (v) => ({ email: emailError(v.email) }), { live: true });
  const username = form.values.email.trim();

  const forgot = useMutation({
    mutationFn: () => api.forgotPassword({ username }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) => toasts.success(reply.message),
    onError: (error) => cardToasts.error(error.message, FORGOT_ERROR),
  });

  return (
    <AuthCard
      title="Forgot Password"
      errorLabel={FORGOT_ERROR}
      cardToasts={cardToasts}
      isPending={forgot.isPending}
      onSubmit={(element) => form.check(element) && forgot.mutate()}
      footer={<>Remembered your password? <Link to="/login" state={{ username } satisfies AuthState}>Log In</Link></>}
    >
      <p className="card-intro">Enter the email address of your account. We'll send you a link to choose a new password.</p>
      <TextInput label="Email" inputMode="email" autoComplete="username" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
    </AuthCard>
  );
}
