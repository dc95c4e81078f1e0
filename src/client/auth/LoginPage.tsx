import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import type { Answers } from "../../engine/runtime";
import { api } from "../api/calls";
import { queryClient } from "../api/queries";
import { DEFAULT_ROUTE } from "../pages";
import { hasAnswers, useAnswers } from "../state/answers";
import { forgetVisitorAnswers } from "../state/saver";
import { useSession } from "../state/session";
import { toasts } from "../ui/Toasts";
import { TextInput } from "../ui/TextInput";
import { AnswersChoice } from "./AnswersChoice";
import { AuthCard, useCardToasts } from "./AuthCard";
import { useAuthState, useCarriedAnswers, type AuthState } from "./navigation";
import { ResendCodeButton } from "./ResendCodeButton";
import { loginEmailError, loginPasswordError } from "./rules";
import { useCardForm } from "./useCardForm";
import { Link } from "../ui/Link";

export const LOGIN_ERROR = "Login Card Error";
export const SAVE_ANSWERS_ERROR = "Save Answers Error";

/** A visitor's answers saved into the account; a failure here must not undo the login. */
async function carryIn(answers: Answers): Promise<void> {
  await api.saveAnswers(answers).catch((error: Error) => toasts.error(error.message, SAVE_ANSWERS_ERROR));
}

/** Whether the account holds answers already (when that cannot be read, it is taken to). */
async function accountHasAnswers(): Promise<boolean> {
  return api.profile().then((profile) => hasAnswers(profile.answer), () => true);
}

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
  const [isChoosing, setChoosing] = useState(false);

  /** Into the application: the visitor's answers leave this browser, the account's load. */
  const enter = () => {
    forgetVisitorAnswers();
    queryClient.removeQueries({ queryKey: ["profile"] });
    useSession.getState().loggedIn(username);
    useAnswers.getState().reset();
    void navigate(DEFAULT_ROUTE);
  };

  // A visitor's answers go into an account that holds none yet (the one just signed up for);
  // over an account's saved answers only when the applicant chooses so (AnswersChoice).
  const login = useMutation({
    mutationFn: async () => {
      await api.login({ username, password: form.values.password });
      if (!answers) return "entered";
      if (await accountHasAnswers()) return "ask";
      await carryIn(answers);
      return "entered";
    },
    onMutate: () => cardToasts.clear(),
    onSuccess: (outcome) => (outcome === "ask" ? setChoosing(true) : enter()),
    onError: (error) => cardToasts.error(error.message, LOGIN_ERROR),
  });

  return (
    <>
      <AuthCard
        title="Log In"
        errorLabel={LOGIN_ERROR}
        cardToasts={cardToasts}
        isPending={login.isPending}
        onSubmit={(element) => form.check(element) && login.mutate()}
        links={
          <>
            <ResendCodeButton email={form.values.email} setEmailError={(error) => form.setError("email", error)} cardToasts={cardToasts} />
            <Link to="/forgot" state={{ username } satisfies AuthState}>Forgot password</Link>
          </>
        }
        footer={<>Don't have an account? <Link to="/signup" state={{ username } satisfies AuthState}>Sign Up</Link></>}
      >
        <TextInput label="Email" inputMode="email" autoComplete="username" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
        <TextInput label="Password" type="password" autoComplete="current-password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
      </AuthCard>
      <AnswersChoice
        isOpen={isChoosing}
        onChoose={async (use) => {
          if (use === "typed" && answers) await carryIn(answers);
          setChoosing(false);
          enter();
        }}
      />
    </>
  );
}
