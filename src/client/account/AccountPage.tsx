// /account (issue 22 item 5): the logged-in applicant's own data. They change their e-mail
// address and password, download everything held about them, and delete an application not
// yet submitted; a submitted one is kept, and the page says so. A visitor is sent to /login.
import { lazy, Suspense, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { Navigate, useNavigate } from "react-router";
import { accountMessages } from "../../engine/messages";
import { api } from "../api/calls";
import { ApiError } from "../../api-contract/errors";
import { forgetApplicant, useProfile } from "../api/queries";
import type { AuthState } from "../auth/navigation";
import { STATUS_ROUTE, DEFAULT_ROUTE, isPageRoute } from "../pages";
import { Shell } from "../shell/Shell";
import { useCheckedDownload } from "../shell/useCheckedDownload";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { useSaver } from "../state/saver";
import { useSession } from "../state/session";
import { ConfirmDialog } from "../ui/ConfirmDialog";
import { Spinner } from "../ui/Spinner";
import { AccountSection, EmailForm, PasswordForm } from "./AccountForms";
import { Link } from "../ui/Link";

export const ACCOUNT_ROUTE = "/account";
export const DELETE_TITLE = "Delete your application?";

const InactivityWatch = lazy(async () => ({ default: (await import("../shell/InactivityWatch")).InactivityWatch }));

export function AccountPage() {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const username = useSession((s) => s.username);
  const status = useSession((s) => s.web_status);
  const lastPage = useSession((s) => s.last_page);
  const profile = useProfile(isLoggedIn);
  // A visitor is sent to /login. Logged out while here (a 401, Log Out, another tab, the delete),
  // whoever logged out sends the browser there with its message: a second redirect from here would
  // replace that navigation, and its message with it.
  const [isVisitor] = useState(!isLoggedIn);
  useDocumentTitle("Your account");
  if (isVisitor) return <Navigate to="/login" replace />;
  if (!isLoggedIn) return null;
  if (profile.isPending || (profile.error instanceof ApiError && profile.error.status === 401)) return <Spinner label="Loading your account" />;
  const isSubmitted = status === "submitted";
  const back = isSubmitted ? STATUS_ROUTE : lastPage && isPageRoute(lastPage) ? lastPage : DEFAULT_ROUTE;
  return (
    <Shell page="account">
      <Suspense fallback={null}><InactivityWatch /></Suspense>
      <div className="account-page">
        <h1 className="account-title">Your account</h1>
        {profile.isError && <p role="alert" className="account-error">{profile.error.message}</p>}
        <p>You are logged in as <strong className="account-email">{username}</strong>.</p>
        <p><Link to={back}>Back to your application</Link></p>
        <EmailForm />
        <PasswordForm />
        <DataDownload />
        <DeleteSection isSubmitted={isSubmitted} />
      </div>
    </Shell>
  );
}

/** The zip is the browser's own download, once the session is known to be live (useCheckedDownload). */
function DataDownload() {
  const download = useCheckedDownload();
  return (
    <AccountSection id="account-data" title="Download your data" error={download.error?.message}>
      <p>A .zip file with everything we hold about you: your account and its logins, your answers and how your application stands, and each document you attached, as you uploaded it and as the PDF we made of it.</p>
      <a className="button button-secondary" href="/api/account/data" download onClick={download.onClick}>Download my data</a>
    </AccountSection>
  );
}

function DeleteSection({ isSubmitted }: { isSubmitted: boolean }) {
  const saver = useSaver();
  const navigate = useNavigate();
  const [isAsking, setAsking] = useState(false);
  const remove = useMutation({
    mutationFn: () => api.deleteAccount(),
    onSuccess: (reply) => {
      // Nobody is logged in now: to /login, with this message.
      forgetApplicant(saver);
      void navigate("/login", { replace: true, state: { message: reply.message } satisfies AuthState });
    },
    onError: () => setAsking(false),
  });
  return (
    <AccountSection id="account-delete" title="Delete your application" error={remove.error?.message}>
      {isSubmitted ? (
        <p>{accountMessages.keptSubmitted}</p>
      ) : (
        <>
          <p>Deleting your application removes your answers, your documents and your account. It cannot be undone.</p>
          <button type="button" className="button button-danger" onClick={() => setAsking(true)}>Delete my application</button>
          <ConfirmDialog
            title={DELETE_TITLE}
            role="alertdialog"
            isOpen={isAsking}
            onOpenChange={setAsking}
            confirmLabel="Delete my application"
            onConfirm={() => remove.mutate()}
            focusCancel
            isDangerous
            isPending={remove.isPending}
          >
            Your answers, every document you attached and your account will be deleted, and you will be logged out. This cannot be undone.
          </ConfirmDialog>
        </>
      )}
    </AccountSection>
  );
}
