// A new staff member's invitation (/staff/welcome?token=…): whose it is, then three steps — a
// password, the authenticator app (QR code or the secret typed in, then one of its codes), and
// the recovery codes, shown once — before the first login.
import { useEffect, useRef, useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Button, Checkbox, Form } from "react-aria-components";
import { useNavigate, useSearchParams } from "react-router";
import { PendingButton } from "../ui/PendingButton";
import { CodeInput } from "../ui/CodeInput";
import { TextInput } from "../ui/TextInput";
import { staffApi, type Invitation, type TotpEnrolment } from "./api";
import { LOGIN_PATH, sessionMessages, type LoginState } from "./session";
import { useStaffTitle } from "./useStaffTitle";
import { onSubmitted } from "./fields";
import { roleLabel } from "./words";

const WHAT_TO_DO = "Ask an administrator of the admissions office to invite you again; the new e-mail brings a new link.";

export function WelcomePage() {
  useStaffTitle("Welcome");
  const token = useSearchParams()[0].get("token") ?? "";
  const invitation = useQuery({ queryKey: ["invitation", token], enabled: token !== "", queryFn: () => staffApi.invitation(token), staleTime: Infinity });
  return (
    <section className="card staff-card staff-card-wide" aria-labelledby="welcome-title">
      <h1 id="welcome-title" className="card-title">Welcome to the admissions office</h1>
      {token === "" ? (
        <Refusal message="This link has no invitation in it." />
      ) : invitation.isPending ? (
        <p role="status">Loading your invitation…</p>
      ) : invitation.isError ? (
        <Refusal message={invitation.error.message} />
      ) : (
        <Enrolment token={token} invitation={invitation.data} />
      )}
    </section>
  );
}

function Refusal({ message }: { message: string }) {
  return (
    <div role="alert">
      <p className="notice notice-error">{message}</p>
      <p>{WHAT_TO_DO}</p>
    </div>
  );
}

function Enrolment({ token, invitation }: { token: string; invitation: Invitation }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  return (
    <>
      <p>
        This invitation is for <strong>{invitation.email}</strong>, as {roleLabel(invitation.role).toLowerCase()}.
      </p>
      {recoveryCodes ? (
        <RecoveryCodes codes={recoveryCodes} email={invitation.email} />
      ) : enrolment ? (
        <AuthenticatorStep token={token} enrolment={enrolment} onDone={setRecoveryCodes} />
      ) : (
        <PasswordStep token={token} email={invitation.email} onDone={setEnrolment} />
      )}
    </>
  );
}

/** A step's heading, focused when the step shows, so a screen reader hears where it is. */
function StepHeading({ step, children }: { step: number; children: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (step > 1) heading.current?.focus();
  }, [step]);
  return (
    <h2 ref={heading} tabIndex={-1} className="step-heading">{`Step ${step} of 3: ${children}`}</h2>
  );
}

function PasswordStep({ token, email, onDone }: { token: string; email: string; onDone: (enrolment: TotpEnrolment) => void }) {
  const [password, setPassword] = useState("");
  const [confirmation, setConfirmation] = useState("");
  const [problem, setProblem] = useState<{ password?: string; confirmation?: string }>({});
  const choose = useMutation({ mutationFn: () => staffApi.choosePassword({ token, password }), onSuccess: onDone });
  const submit = () => {
    const found = {
      password: password === "" ? "Choose a password." : undefined,
      confirmation: password !== "" && confirmation !== password ? "The two passwords are not the same." : undefined,
    };
    setProblem(found);
    if (!found.password && !found.confirmation && !choose.isPending) choose.mutate();
  };
  return (
    <>
      <StepHeading step={1}>Choose a password</StepHeading>
      <ServerError error={choose.error} />
      <Form className="card-form" validationBehavior="aria" onSubmit={onSubmitted(submit)}>
        {/* The address, for the browser's password manager to file the new password under. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <TextInput label="Password" type="password" autoComplete="new-password" maxLength={256} value={password} onChange={setPassword} error={problem.password} />
        <TextInput label="Password again" type="password" autoComplete="new-password" maxLength={256} value={confirmation} onChange={setConfirmation} error={problem.confirmation} />
        <PendingButton type="submit" className="button button-primary" isPending={choose.isPending}>Continue</PendingButton>
      </Form>
    </>
  );
}

/** The server's QR code, an SVG document, as an image: never put into the page as markup. */
export function svgImageSource(svg: string): string {
  const bytes = new TextEncoder().encode(svg);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:image/svg+xml;base64,${btoa(binary)}`;
}

function AuthenticatorStep({ token, enrolment, onDone }: { token: string; enrolment: TotpEnrolment; onDone: (codes: string[]) => void }) {
  const [code, setCode] = useState("");
  const [problem, setProblem] = useState<string>();
  // Apps show the code in two groups of three: the space is not part of it.
  const typed = code.replace(/\s/g, "");
  const confirm = useMutation({ mutationFn: () => staffApi.confirmCode({ token, code: typed }), onSuccess: (reply) => onDone(reply.recovery_codes) });
  const submit = () => {
    const isCode = /^\d{6}$/.test(typed);
    setProblem(isCode ? undefined : "Enter the 6-digit code your authenticator app shows.");
    if (isCode && !confirm.isPending) confirm.mutate();
  };
  return (
    <>
      <StepHeading step={2}>Set up your authenticator app</StepHeading>
      <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password, …).</p>
      <img className="qr-code" src={svgImageSource(enrolment.qr_svg)} alt="QR code for your authenticator app" width={200} height={200} />
      <p>Or type this key into the app:</p>
      <p><code className="secret">{enrolment.secret.replace(/(.{4})(?=.)/g, "$1 ")}</code></p>
      <ServerError error={confirm.error} />
      <Form className="card-form" validationBehavior="aria" onSubmit={onSubmitted(submit)}>
        <CodeInput label="Code from the app" description="The 6 digits the app shows now" maxLength={16} value={code} onChange={setCode} error={problem} />
        <PendingButton type="submit" className="button button-primary" isPending={confirm.isPending}>Continue</PendingButton>
      </Form>
    </>
  );
}

function RecoveryCodes({ codes, email }: { codes: string[]; email: string }) {
  const navigate = useNavigate();
  const [isSaved, setSaved] = useState(false);
  const [copied, setCopied] = useState("");
  const text = `Recovery codes for ${email}, admissions office. Each works once, in place of an authenticator code.\n\n${codes.join("\n")}\n`;
  const copy = () =>
    navigator.clipboard.writeText(codes.join("\n")).then(
      () => setCopied("Copied."),
      () => setCopied("The browser did not allow copying. Please download them instead."),
    );
  return (
    <>
      <StepHeading step={3}>Save your recovery codes</StepHeading>
      <p>If you lose your phone, log in with one of these codes instead of the app's code. Each works once. They are shown only now.</p>
      <ol className="recovery-codes">
        {codes.map((code) => <li key={code}><code>{code}</code></li>)}
      </ol>
      <div className="button-row">
        <button type="button" className="button button-secondary" onClick={() => void copy()}>Copy</button>
        <a className="button button-secondary" href={`data:text/plain;charset=utf-8,${encodeURIComponent(text)}`} download="admissions-office-recovery-codes.txt">
          Download as text
        </a>
        <span role="status">{copied}</span>
      </div>
      <Checkbox className="choice" isSelected={isSaved} onChange={setSaved}>
        <span className="choice-mark choice-box" aria-hidden="true" />
        I have saved my recovery codes
      </Checkbox>
      <div className="button-row">
        <Button
          className="button button-primary"
          isDisabled={!isSaved}
          onPress={() => void navigate(LOGIN_PATH, { state: { message: sessionMessages.enrolled, email } satisfies LoginState })}
        >
          Continue to log in
        </Button>
      </div>
    </>
  );
}

function ServerError({ error }: { error: Error | null }) {
  return <div role="alert" className="alert-region">{error && <p className="notice notice-error">{error.message}</p>}</div>;
}
