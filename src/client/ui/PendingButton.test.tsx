// A busy button (the cards' Submit, Log Out) as a screen reader hears it, and what it leaves in the
// live region once its press has taken the applicant to another page.
import { http, HttpResponse } from "msw";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, test } from "vitest";
import { profileOf, renderApp, server, url, withTestServer } from "../testing";
import { PENDING_TEXT } from "./PendingButton";

withTestServer();

const announcements = () => document.querySelector("[data-live-announcer]");

test("a busy Submit says so in words, and after the login's navigation nothing in the live region points at the gone button", async () => {
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  server.use(
    http.post(url("/public/login"), async () => {
      await answered;
      return HttpResponse.json({ message: "Logged in." });
    }),
    http.get(url("/api/profile"), () => HttpResponse.json(profileOf())),
    http.put(url("/api/last-page"), () => HttpResponse.json({ message: "Saved." })),
  );
  const user = userEvent.setup();
  renderApp("/login");
  await screen.findByRole("heading", { level: 1, name: "Log In" });
  await user.type(screen.getByLabelText("Email"), "ada@example.com");
  await user.type(screen.getByLabelText("Password"), "Secret-password-1");
  while (document.activeElement !== screen.getByRole("button", { name: "Submit" })) await user.tab();
  await user.keyboard("{Enter}");

  await waitFor(() => expect(announcements()).toHaveTextContent(PENDING_TEXT));
  expect(screen.getByRole("button", { name: "Submit" })).toHaveAttribute("aria-disabled", "true");
  answer();
  await screen.findByRole("heading", { level: 1, name: "About You" });

  // An announcement by reference (role=img, aria-labelledby the button) would now name nothing:
  // axe's role-img-alt on the page the login led to.
  expect(announcements()!.querySelectorAll('[role="img"], [aria-labelledby]')).toHaveLength(0);
});
