// The header's menu keeps the spec's nav menu timing: "nav menu delay
// 200 ms, skip delay 300 ms, close delay 150 ms".
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import { renderApp, withTestServer } from "../testing";
import { NAV_MENU_CLOSE_DELAY_MS, NAV_MENU_SKIP_DELAY_MS } from "./AccountMenu";

withTestServer();
afterEach(() => vi.useRealTimers());

const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const menu = () => screen.queryByRole("group", { name: "Account" });
// A mouse moving onto and off an element, from and to the page around it. Events fired straight
// away: user-event waits on a timer between steps, which these fake timers would never run.
const hover = (element: Element) => fireEvent.pointerOver(element, { pointerType: "mouse", relatedTarget: document.body });
const unhover = (element: Element) => fireEvent.pointerOut(element, { pointerType: "mouse", relatedTarget: document.body });
const escape = () => fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });

test("a mouse resting on the account button opens the menu after 200 ms, leaving closes it 150 ms later, and coming back within 300 ms opens it at once", async () => {
  renderApp("/about");
  await screen.findByRole("heading", { level: 1, name: "About You" });
  const button = screen.getByRole("button", { name: "Sign In" });
  // Pressed once first, with real timers, so the menu's code has loaded.
  const user = userEvent.setup();
  await user.click(button);
  await screen.findByRole("dialog", { name: "Account" });
  await user.keyboard("{Escape}");
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Account" })).not.toBeInTheDocument());
  await user.unhover(button);

  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
  await elapse(NAV_MENU_SKIP_DELAY_MS);

  hover(button);
  await elapse(199);
  expect(menu()).not.toBeInTheDocument();
  await elapse(1);
  expect(menu()).toBeInTheDocument();
  expect(button).toHaveAttribute("aria-expanded", "true");
  // Opened by the pointer, it takes no focus: what was focused stays so.
  expect(button).toHaveFocus();

  // Leaving: 150 ms to reach the menu.
  unhover(button);
  await elapse(149);
  expect(menu()).toBeInTheDocument();
  hover(menu()!);
  await elapse(1_000);
  expect(menu()).toBeInTheDocument();
  unhover(menu()!);
  await elapse(149);
  expect(menu()).toBeInTheDocument();
  await elapse(1);
  expect(menu()).not.toBeInTheDocument();
  expect(button).toHaveAttribute("aria-expanded", "false");

  // Back within 300 ms: at once.
  await elapse(299);
  hover(button);
  expect(menu()).toBeInTheDocument();

  // Escape dismisses it without moving the pointer; later than 300 ms, the delay applies again.
  escape();
  expect(menu()).not.toBeInTheDocument();
  unhover(button);
  await elapse(NAV_MENU_SKIP_DELAY_MS);
  hover(button);
  await elapse(199);
  expect(menu()).not.toBeInTheDocument();
  // Leaving before the delay is over opens nothing.
  unhover(button);
  await elapse(1_000);
  expect(menu()).not.toBeInTheDocument();
});

test("a press opens the menu as a dialog at once, which stays when the pointer leaves", async () => {
  renderApp("/about");
  await screen.findByRole("heading", { level: 1, name: "About You" });
  const button = screen.getByRole("button", { name: "Sign In" });
  const user = userEvent.setup();
  await user.click(button);
  const dialog = await screen.findByRole("dialog", { name: "Account" });
  await user.unhover(button);
  await new Promise((resolve) => setTimeout(resolve, NAV_MENU_CLOSE_DELAY_MS + 100));
  expect(dialog).toBeInTheDocument();
  expect(button).toHaveAttribute("aria-expanded", "true");
});
