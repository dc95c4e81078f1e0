import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate } from "react-router";
import { api } from "../api/calls";
import { queryClient } from "../api/queries";
import { DEFAULT_ROUTE } from "../pages";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { TextInput } from "../ui/TextInput";
import { AuthCard, useCardToasts } from "./AuthCard";
import { useAuthState, useCarriedAnswers, type AuthState } from "./navigation";
import { ResendCodeButton } from "./ResendCodeButton";
import { loginEmailError, loginPasswordError } from "./rules";
import { useCardForm } from "./useCardForm";

export const LOGIN_ERROR = "Login Card Error";

export function LoginPage() {
  const navigate = useNavigate();
  const cardToasts = useCardToasts();
  const answers = useCarriedAnswers();
  const form = useCardForm(
    { email: useAuthState().username ?? "", password: "" },
    (v) => ({ email: loginEmailError(v.email), password: loginPasswordError(v.password) }),
    { live: false },
  );
  const username = form.values.email.trim();

  const login = useMutation({
    mutationFn: async () => {
      const reply = await api.login({ username, password: form.values.password });
      // A visitor's answers are saved on the first login; a failure here must not undo the login.
      if (answers) await api.saveAnswers(answers).catch((error: Error) => toasts.error(error.message, "Save Answers Error"));
      return reply;
    },
    onMutate: () => cardToasts.clear(),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: ["profile"] });
      useSession.getState().loggedIn(username);
      void navigate(DEFAULT_ROUTE);
    },
    onError: (error) => cardToasts.error(error.message, LOGIN_ERROR),
  });

  return (
    <AuthCard
      title="Log In"
      errorLabel={LOGIN_ERROR}
      cardToasts={cardToasts}
      isPending={login.isPending}
      onSubmit={(element) => form.check(element) && login.mutate()}
      links={
        <>
          <ResendCodeButton email={form.values.email} setEmailError={(error) => form.setError("email", error)} cardToasts={cardToasts} answers={answers} />
          <Link to="/forgot" state={{ username, answers } satisfies AuthState}>Forgot password</Link>
        </>
      }
      footer={<>Don't have an account? <Link to="/signup" state={{ username, answers } satisfies AuthState}>Sign Up</Link></>}
    >
      <TextInput label="Email" type="email" autoComplete="username" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
      <TextInput label="Password" type="password" autoComplete="current-password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
    </AuthCard>
  );
}
