// The three-step navigation: the active step is marked; a visitor
// with answers is sent to /signup with them; a logged-in click saves the answers and the
// validations first, then moves on and marks has_changed_page.
import { useState, type MouseEvent } from "react";
import { useNavigate } from "react-router";
import { changePage, SAVE_ERROR } from "../form/steps";
import { pages } from "../pages";
import { hasAnswers, useAnswers } from "../state/answers";
import { useSaver } from "../state/saver";
import { useSession } from "../state/session";
import { Icon } from "../ui/icons";
import { Spinner } from "../ui/Spinner";
import { toasts } from "../ui/Toasts";
import { NavLink } from "../ui/Link";

export function StepNav() {
  const navigate = useNavigate();
  const saver = useSaver();
  const isServiceUser = useSession((s) => s.is_service_user);
  const [isSaving, setSaving] = useState(false);
  if (isServiceUser) return null;

  const go = async (event: MouseEvent, route: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    const { is_logged_in } = useSession.getState();
    // A visitor without answers just follows the link.
    if (!is_logged_in && !hasAnswers(useAnswers.getState().answers)) return;
    event.preventDefault();
    setSaving(true);
    try {
      await changePage(saver, navigate, route, { signupWithAnswers: true });
    } catch (error) {
      toasts.error((error as Error).message, SAVE_ERROR);
    } finally {
      setSaving(false);
    }
  };

  return (
    <nav className="step-nav" aria-label="Application steps">
      <ol>
        {pages.map((page) => (
          <li key={page.route}>
            <NavLink to={page.route} className="step-link" onClick={(event) => void go(event, page.route)}>
              {page.icon && <Icon name={page.icon} />}
              <span className="step-number">Step {page.step}</span>
              <span className="step-title">{page.title}</span>
            </NavLink>
          </li>
        ))}
      </ol>
      {isSaving && <Spinner label="Saving your answers" />}
    </nav>
  );
}
