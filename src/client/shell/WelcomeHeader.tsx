// The welcome header: thanks once submitted, a welcome on the first
// login, "glad you're back" later, and a welcome with a login link for visitors; hidden while
// the status is validating. The texts under the headings are staff's, in institution.json.
import { institution } from "../institution";
import { useAnswers } from "../state/answers";
import { useSession } from "../state/session";
import { displayText } from "../../engine/text";
import { Link } from "../ui/Link";

export function WelcomeHeader() {
  const status = useSession((s) => s.web_status);
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const numLogins = useSession((s) => s.num_logins);
  // The name only, and only once submitted: typing a name must not re-render the header.
  const name = useAnswers((s) => (status === "submitted" ? displayText(String(s.answers.preferred_name || s.answers.first_name || "")).trim() : ""));
  const isServiceUser = useSession((s) => s.is_service_user);
  if (status === "validating" || isServiceUser) return null;

  const { welcome } = institution;
  let heading: string;
  let text: React.ReactNode;
  if (status === "submitted") {
    heading = name ? `Thanks, ${name}!` : "Thanks!";
    text = welcome.submitted;
  } else if (!isLoggedIn) {
    heading = "Welcome!";
    text = (
      <>
        {welcome.visitor} Already have an account? <Link to="/login">Log in</Link>.
      </>
    );
  } else if (numLogins <= 1) {
    heading = "Welcome to your application!";
    text = welcome.first_login;
  } else {
    heading = "We're glad you're back";
    text = welcome.returning;
  }
  return (
    <section className="welcome" aria-label="Welcome">
      <p className="welcome-heading">{heading}</p>
      <p className="welcome-text">{text}</p>
    </section>
  );
}
