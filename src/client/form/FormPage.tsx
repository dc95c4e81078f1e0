// A form page. Until the renderer lands (the next release) it shows the page's title in the shell.
import { useLocation } from "react-router";
import { pages } from "../pages";
import { useDocumentTitle } from "../shell/useDocumentTitle";

export function FormPage() {
  const { pathname } = useLocation();
  const page = pages.find((p) => p.route === pathname)!;
  useDocumentTitle(page.title);
  return (
    <article className="form-page" aria-labelledby="page-title">
      <p className="page-step">Step {page.step} of {pages.length}</p>
      <h1 id="page-title" className="page-title">{page.title}</h1>
    </article>
  );
}
