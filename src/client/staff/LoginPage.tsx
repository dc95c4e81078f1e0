// The office's login: e-mail, password and the second factor in one step (a code from the
// authenticator app, or a recovery code). The server's refusal shows in an alert; success goes
// back to the page asked for.
import { useEffect, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Form } from "react-aria-components";
import { useLocation, useNavigate } from "react-router";
import { CodeInput } from "../ui/CodeInput";
import { TextInput } from "../ui/TextInput";
import { staffApi } from "./api";
import { onSubmitted } from "./fields";
import { HOME_PATH, SELF_KEY, type LoginState } from "./session";
import { useStaffTitle } from "./useStaffTitle";
import { PendingButton } from "../ui/PendingButton";

type Field = "email" | "password" | "code";
const REQUIRED: Record<Field, string> = {
  email: "Enter your e-mail address.",
  password: "Enter your password.",
  code: "Enter a code from your authenticator app, or a recovery code.",
};

export function LoginPage() {
  useStaffTitle("Log in");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const arrival = (useLocation().state ?? {}) as LoginState;
  const [values, setValues] = useState<Record<Field, string>>({ email: arrival.email ?? "", password: "", code: "" });
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  // Nothing of a session that has ended stays in memory for the next person at this computer.
  useEffect(() => queryClient.clear(), [queryClient]);

  const login = useMutation({
    mutationFn: () => staffApi.login({ email: values.email.trim(), password: values.password, code: values.code.replace(/\s/g, "") }),
    onSuccess: (self) => {
      queryClient.setQueryData(SELF_KEY, self);
      void navigate(safeReturn(arrival.from), { replace: true });
    },
  });

  const submit = () => {
    const found = Object.fromEntries((Object.keys(REQUIRED) as Field[]).filter((field) => values[field].trim() === "").map((field) => [field, REQUIRED[field]]));
    setMissing(found);
    if (Object.keys(found).length === 0 && !login.isPending) login.mutate();
  };
  const field = (name: Field) => ({
    value: values[name],
    onChange: (value: string) => setValues((current) => ({ ...current, [name]: value })),
    error: missing[name],
  });

  return (
    <section className="card staff-card" aria-labelledby="login-title">
      <h1 id="login-title" className="card-title">Log in to the admissions office</h1>
      {arrival.message && !login.isError && <p className="notice" role="status">{arrival.message}</p>}
      <div role="alert" className="alert-region">{login.isError && <p className="notice notice-error">{login.error.message}</p>}</div>
      <Form className="card-form" validationBehavior="aria" onSubmit={onSubmitted(submit)}>
        <TextInput label="E-mail" type="email" autoComplete="username" {...field("email")} />
        <TextInput label="Password" type="password" autoComplete="current-password" {...field("password")} />
        <CodeInput
          label="Authentication code"
          description="6-digit code from your authenticator app, or a recovery code"
          maxLength={32}
          acceptsLetters
          {...field("code")}
        />
        <PendingButton type="submit" className="button button-primary" isPending={login.isPending}>Log in</PendingButton>
      </Form>
    </section>
  );
}

/** Back to an office page only: a crafted link cannot send a fresh login elsewhere. */
function safeReturn(from: string | undefined): string {
  return from && /^\/staff(\/|\?|$)/.test(from) && !from.startsWith("/staff/login") ? from : HOME_PATH;
}
