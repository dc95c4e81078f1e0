import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { api } from "../api/calls";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import { useAuthState, type AuthState } from "./navigation";
import { NewPasswordInput } from "./PasswordChecklist";
import { emailError, newPasswordError } from "./rules";
import { useCardForm } from "./useCardForm";
import { Link } from "../ui/Link";

export const SIGNUP_ERROR = "Sign Up Card Error";

export function SignupPage() {
  const navigate = useNavigate();
  const cardToasts = useCardToasts();
  const form = useCardForm(
    { email: useAuthState().username ?? "", password: "" },
    (v) => ({ email: emailError(v.email), password: newPasswordError(v.password) }),
    { live: true },
  );
  const username = form.values.email.trim();

  const signup = useMutation({
    mutationFn: () => api.signup({ username, password: form.values.password }),
    onMutate: () => cardToasts.clear(),
    onSuccess: (reply) => void navigate("/confirm", { state: { username, message: reply.message } satisfies AuthState }),
    onError: (error) => cardToasts.error(error.message, SIGNUP_ERROR),
  });

  return (
    <AuthCard
      title="Sign Up"
      errorLabel={SIGNUP_ERROR}
      cardToasts={cardToasts}
      isPending={signup.isPending}
      onSubmit={(element) => form.check(element) && signup.mutate()}
      footer={<>Already have an account? <Link to="/login" state={{ username } satisfies AuthState}>Log In</Link></>}
    >
      <TextInput label="Email" inputMode="email" autoComplete="email" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
      <NewPasswordInput label="Password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
    </AuthCard>
  );
}
