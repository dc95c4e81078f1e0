// The account page's two forms (issue 22 item 5): a new e-mail address, confirmed by the code
// mailed to it, and a new password under sign-up's rules with its live checklist. Fields are
// checked as the account cards check theirs (useCardForm: on submit, then as the typing goes on).
import { useState, type FormEvent, type ReactNode } from "react";
import { useMutation } from "@tanstack/react-query";
import { api, type Profile } from "../api/calls";
import { queryClient } from "../api/queries";
import { NewPasswordInput } from "../auth/PasswordChecklist";
import { codeError, emailError, loginPasswordError, matchError, newPasswordError } from "../auth/rules";
import { useCardForm } from "../auth/useCardForm";
import { useSaver } from "../state/saver";
import { useSession } from "../state/session";
import { CodeInput } from "../ui/CodeInput";
import { TextInput } from "../ui/TextInput";
import { toasts } from "../ui/Toasts";

/** A titled part of the page with the server's refusal, if any, read out where it happened. */
export function AccountSection({ id, title, error, children }: { id: string; title: string; error?: string; children: ReactNode }) {
  return (
    <section className="card account-section" aria-labelledby={id}>
      <h2 id={id} className="account-section-title">{title}</h2>
      <div role="alert">{error && <p className="account-error">{error}</p>}</div>
      {children}
    </section>
  );
}

/** A stable ref (called once per mount, not at every render): the form's first field takes the focus. */
const focusFirstInput = (form: HTMLFormElement | null) => form?.querySelector("input")?.focus();

/** Checks a form's fields on submit (the first invalid one gets the focus) and calls `send` when they pass. */
const onValid = (check: (form: HTMLFormElement) => boolean, send: () => void) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault();
  if (check(event.currentTarget)) send();
};

/** A form that starts over, empty, once it has done its work (nothing typed stays on the page). */
function startingOver(Form: (props: { onDone: () => void }) => ReactNode) {
  return function Restarting() {
    const [round, setRound] = useState(0);
    return <Form key={round} onDone={() => setRound((r) => r + 1)} />;
  };
}

export const EmailForm = startingOver(function EmailChange({ onDone }) {
  const saver = useSaver();
  const form = useCardForm({ email: "", password: "" }, (v) => ({ email: emailError(v.email), password: loginPasswordError(v.password) }), { live: true });
  const codeForm = useCardForm({ code: "" }, (v) => ({ code: codeError(v.code) }), { live: true });
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const request = useMutation({
    mutationFn: () => api.changeEmail({ email: form.values.email.trim(), password: form.values.password }),
    onSuccess: (reply) => {
      setSentTo(form.values.email.trim());
      setNotice(reply.message);
    },
  });
  const confirm = useMutation({
    mutationFn: async () => {
      // Changes still queued are kept under the address they were typed with: send them first.
      await saver.saveNow().catch(() => {});
      return api.confirmEmail(codeForm.values.code.trim());
    },
    onSuccess: (reply) => {
      useSession.setState({ username: reply.username });
      queryClient.setQueryData<Profile>(["profile"], (profile) => (profile ? { ...profile, username: reply.username } : profile));
      // The saver keeps this applicant's unsent changes under the new address from now on.
      saver.unsavedChanges(reply.username);
      toasts.success(reply.message);
      onDone();
    },
  });
  const error = (request.error ?? confirm.error)?.message;

  return (
    <AccountSection id="account-email" title="Change your email address" error={error}>
      {sentTo === null ? (
        // Keyed: the two forms' fields must not share React Aria's state (the code's description is linked at its field's mount).
        <form key="address" className="card-form" noValidate onSubmit={onValid(form.check, () => !request.isPending && request.mutate())}>
          <TextInput label="New email address" type="email" autoComplete="email" value={form.values.email} onChange={(v) => form.setValue("email", v)} error={form.errors.email} />
          <TextInput label="Current password" type="password" autoComplete="current-password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
          <button type="submit" className="button button-primary" disabled={request.isPending}>Send confirmation code</button>
        </form>
      ) : (
        // The code's field takes the focus where the address's form was: the next thing to type.
        <form key="code" className="card-form" noValidate ref={focusFirstInput} onSubmit={onValid(codeForm.check, () => !confirm.isPending && confirm.mutate())}>
          <p role="status">{notice}</p>
          <CodeInput sentTo={sentTo} value={codeForm.values.code} onChange={(v) => codeForm.setValue("code", v)} error={codeForm.errors.code} />
          <button type="submit" className="button button-primary" disabled={confirm.isPending}>Change email address</button>
          <div className="card-links">
            <button type="button" className="link-button" disabled={request.isPending} onClick={() => request.mutate()}>Send a new code</button>
            <button type="button" className="link-button" onClick={() => { setSentTo(null); request.reset(); confirm.reset(); }}>Use another address</button>
          </div>
        </form>
      )}
    </AccountSection>
  );
});

export const PasswordForm = startingOver(function PasswordChange({ onDone }) {
  const form = useCardForm(
    { current: "", password: "", confirmation: "" },
    (v) => ({ current: loginPasswordError(v.current), password: newPasswordError(v.password), confirmation: matchError(v.password, v.confirmation) }),
    { live: true },
  );
  const change = useMutation({
    mutationFn: () => api.changePassword({ password: form.values.current, new_password: form.values.password }),
    onSuccess: (reply) => {
      toasts.success(reply.message);
      onDone();
    },
  });
  return (
    <AccountSection id="account-password" title="Change your password" error={change.error?.message}>
      <form className="card-form" noValidate onSubmit={onValid(form.check, () => !change.isPending && change.mutate())}>
        <TextInput label="Current password" type="password" autoComplete="current-password" value={form.values.current} onChange={(v) => form.setValue("current", v)} error={form.errors.current} />
        <NewPasswordInput label="New password" value={form.values.password} onChange={(v) => form.setValue("password", v)} error={form.errors.password} />
        <TextInput label="Confirm new password" type="password" autoComplete="new-password" value={form.values.confirmation} onChange={(v) => form.setValue("confirmation", v)} error={form.errors.confirmation} />
        <button type="submit" className="button button-primary" disabled={change.isPending}>Change password</button>
        <p className="field-description">You stay logged in here; on every other device you are logged out.</p>
      </form>
    </AccountSection>
  );
});
