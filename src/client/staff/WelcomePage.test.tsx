// A new staff member's invitation: whose it is, a password, the authenticator (its QR code as an
// image, never markup), the recovery codes, and the login only once they are saved.
import { http, HttpResponse } from "msw";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, test } from "vitest";
import { sentTo, server, url, withTestServer } from "../testing";
import { renderStaff } from "./testing";

withTestServer();

const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 21 21"><path d="M0 0h7v7H0z"/><script>alert("x")</script></svg>';
const CODES = Array.from({ length: 10 }, (_, i) => `code-${String(i).padStart(2, "0")}-abcd`);

function invitationServer() {
  server.use(
    http.get(url("/staff/api/invitation"), () => HttpResponse.json({ email: "new@westbrook.example.edu", role: "reviewer" })),
    http.post(url("/staff/api/invitation/password"), () => HttpResponse.json({ secret: "JBSWY3DPEHPK3PXP", otpauth_url: "otpauth://totp/x", qr_svg: QR_SVG })),
    http.post(url("/staff/api/invitation/totp"), () => HttpResponse.json({ recovery_codes: CODES })),
  );
}

describe("the invitation", () => {
  test("three steps: a password, the authenticator, the recovery codes; then the login", async () => {
    invitationServer();
    const { router } = renderStaff("/staff/welcome?token=tok-1");
    const user = userEvent.setup();
    expect(await screen.findByText("new@westbrook.example.edu")).toBeInTheDocument();
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Welcome to the admissions office");
    expect(screen.getByRole("heading", { level: 2 })).toHaveTextContent("Step 1 of 3: Choose a password");

    // Step 1: the two passwords must agree.
    await user.type(screen.getByLabelText("Password"), "a long pass phrase");
    await user.type(screen.getByLabelText("Password again"), "a long pass phrasf");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("The two passwords are not the same.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/invitation/password")).toEqual([]);
    await user.clear(screen.getByLabelText("Password again"));
    await user.type(screen.getByLabelText("Password again"), "a long pass phrase");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // Step 2: the QR code is an image of the server's SVG, the secret is text to type in.
    const heading = await screen.findByRole("heading", { level: 2, name: "Step 2 of 3: Set up your authenticator app" });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(sentTo("POST", "/staff/api/invitation/password").map((r) => r.body)).toEqual([{ token: "tok-1", password: "a long pass phrase" }]);
    const qr = screen.getByRole("img", { name: "QR code for your authenticator app" });
    expect(qr.tagName).toBe("IMG");
    const src = qr.getAttribute("src")!;
    expect(src).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(atob(src.split(",")[1]!)).toBe(QR_SVG);
    expect(document.querySelector("svg path[d='M0 0h7v7H0z']")).toBeNull();
    expect(document.querySelector("script")).toBeNull();
    expect(screen.getByText("JBSW Y3DP EHPK 3PXP")).toBeInTheDocument();

    // The phone offers the code and its keyboard of digits.
    const code = screen.getByLabelText("Code from the app");
    expect(code).toHaveAttribute("autocomplete", "one-time-code");
    expect(code).toHaveAttribute("inputmode", "numeric");
    await user.type(code, "123 456");
    await user.click(screen.getByRole("button", { name: "Continue" }));

    // Step 3: the codes, copy and download, and no way on until they are saved.
    await screen.findByRole("heading", { level: 2, name: "Step 3 of 3: Save your recovery codes" });
    expect(sentTo("POST", "/staff/api/invitation/totp").map((r) => r.body)).toEqual([{ token: "tok-1", code: "123456" }]);
    const list = screen.getByRole("list");
    expect(within(list).getAllByRole("listitem").map((item) => item.textContent)).toEqual(CODES);
    const download = screen.getByRole("link", { name: "Download as text" });
    expect(download).toHaveAttribute("download");
    expect(decodeURIComponent(download.getAttribute("href")!)).toContain(CODES.join("\n"));
    await user.click(screen.getByRole("button", { name: "Copy" }));
    expect(await navigator.clipboard.readText()).toBe(CODES.join("\n"));
    expect(await screen.findByText("Copied.")).toBeInTheDocument();

    const onward = screen.getByRole("button", { name: "Continue to log in" });
    expect(onward).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "I have saved my recovery codes" }));
    expect(onward).toBeEnabled();
    await user.click(onward);
    await screen.findByRole("heading", { level: 1, name: "Log in to the admissions office" });
    expect(router.location.pathname).toBe("/staff/login");
    expect(screen.getByLabelText("E-mail")).toHaveValue("new@westbrook.example.edu");
    expect(screen.getByRole("status")).toHaveTextContent("Your account is ready.");
  });

  test("a code that is not six digits is refused before sending; the server's refusal shows", async () => {
    invitationServer();
    server.use(http.post(url("/staff/api/invitation/totp"), () => HttpResponse.json({ message: "That code is not the one the app shows now." }, { status: 400 })));
    renderStaff("/staff/welcome?token=tok-1");
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText("Password"), "pass phrase");
    await user.type(screen.getByLabelText("Password again"), "pass phrase");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    await user.type(await screen.findByLabelText("Code from the app"), "12345");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("Enter the 6-digit code your authenticator app shows.")).toBeInTheDocument();
    expect(sentTo("POST", "/staff/api/invitation/totp")).toEqual([]);
    await user.type(screen.getByLabelText("Code from the app"), "6");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("That code is not the one the app shows now.")).toBeInTheDocument();
  });

  test("a refused invitation shows the server's reason and what to do", async () => {
    server.use(http.get(url("/staff/api/invitation"), () => HttpResponse.json({ message: "This invitation has expired." }, { status: 410 })));
    renderStaff("/staff/welcome?token=old");
    const alert = await screen.findByRole("alert");
    await waitFor(() => expect(alert).toHaveTextContent("This invitation has expired."));
    expect(alert).toHaveTextContent("Ask an administrator of the admissions office to invite you again");
    expect(screen.queryByLabelText("Password")).not.toBeInTheDocument();
  });
});
