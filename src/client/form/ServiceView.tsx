// The read-only service view: one application,
// every page, printed as text for the PDF copy (./ApplicationPages.tsx draws it), loaded with the
// service token from the address, which then leaves the address bar.
import { useEffect, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { api } from "../api/calls";
import { institution } from "../institution";
import { SERVICE_TOKEN_PARAMETER, serviceTokenIn } from "../service-token";
import { serviceToken } from "../state/session";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { ApplicationPages } from "./ApplicationPages";

export function ServiceView() {
  useDocumentTitle(`${institution.name} application`);
  const { search } = useLocation();
  // Read once: the address bar loses it right after.
  const [token] = useState(() => serviceToken ?? serviceTokenIn(search));
  const application = useQuery({
    queryKey: ["service-application", token],
    enabled: token !== null,
    queryFn: () => api.serviceApplication(token!),
  });
  useTokenOutOfAddressBar();
  if (application.isPending) return <p role="status">Loading the application…</p>;
  if (application.isError) return <RefusedLink message={application.error.message} />;
  const { answer, add_another, tabs, version } = application.data;
  return <ApplicationPages answer={answer} blocks={add_another} tabs={tabs} version={version} />;
}

/**
 * A token the server refused (expired after its 5 minutes, used for another copy, mistyped): a page
 * of its own with its heading, saying why. It has no `.service-document`, so the PDF printer,
 * which waits for one, never prints it as a copy.
 */
function RefusedLink({ message }: { message: string }) {
  return (
    <div className="service-refused">
      <h1>This link does not show an application</h1>
      <p role="alert">{message}</p>
      <p>Links like this one are made for printing a PDF copy of an application and work for a few minutes only. To get a copy of yours, log in and download it from your application.</p>
    </div>
  );
}

/** The token is read once (state/session.ts); the address bar keeps no copy of it. */
function useTokenOutOfAddressBar(): void {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!params.has(SERVICE_TOKEN_PARAMETER)) return;
    params.delete(SERVICE_TOKEN_PARAMETER);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : "" }, { replace: true });
  }, [pathname, search, navigate]);
}
