// The applicant's links: a plain click moves within the app (with the link's state), a click the
// link's own handler takes over or a modified click (new tab) does not, and the step link of the
// page shown says it is the current page.
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { expect, test } from "vitest";
import { Link, NavLink } from "./Link";

function Where() {
  const { pathname, hash, state } = useLocation();
  return <p data-testid="where">{`${pathname}${hash} ${JSON.stringify(state)}`}</p>;
}

function renderAt(path: string, links: React.ReactNode) {
  render(
    <MemoryRouter initialEntries={[path]}>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

test("a plain click goes to the link's path within the app, with its state, and the link has the path as its href", async () => {
  renderAt("/about", <Link to="/forgot" state={{ username: "ada@example.com" }}>Forgot password</Link>);
  const link = screen.getByRole("link", { name: "Forgot password" });
  expect(link).toHaveAttribute("href", "/forgot");
  await userEvent.click(link);
  expect(screen.getByTestId("where")).toHaveTextContent('/forgot {"username":"ada@example.com"}');
});

test("a link to a question on another page goes there with the question's anchor", async () => {
  renderAt("/about", <Link to="/education#some_question">the question</Link>);
  await userEvent.click(screen.getByRole("link", { name: "the question" }));
  expect(screen.getByTestId("where")).toHaveTextContent("/education#some_question");
});

test("a click its own handler prevents, or a click with Ctrl (a new tab), stays where it is", async () => {
  renderAt("/about", (
    <>
      <Link to="/education" onClick={(event) => event.preventDefault()}>Saves first</Link>
      <Link to="/final-steps">Finishing Up</Link>
    </>
  ));
  await userEvent.click(screen.getByRole("link", { name: "Saves first" }));
  expect(screen.getByTestId("where")).toHaveTextContent("/about null");
  // The browser would open a new tab; jsdom has none to open.
  document.addEventListener("click", (event) => event.preventDefault(), { once: true });
  fireEvent.click(screen.getByRole("link", { name: "Finishing Up" }), { ctrlKey: true, button: 0 });
  expect(screen.getByTestId("where")).toHaveTextContent("/about null");
});

test("a step link says it is the current page while its page is shown, and only then", async () => {
  renderAt("/about", (
    <>
      <NavLink to="/about">About You</NavLink>
      <NavLink to="/education">Academics</NavLink>
    </>
  ));
  expect(screen.getByRole("link", { name: "About You" })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("link", { name: "Academics" })).not.toHaveAttribute("aria-current");
  await userEvent.click(screen.getByRole("link", { name: "Academics" }));
  expect(screen.getByRole("link", { name: "Academics" })).toHaveAttribute("aria-current", "page");
  expect(screen.getByRole("link", { name: "About You" })).not.toHaveAttribute("aria-current");
});
