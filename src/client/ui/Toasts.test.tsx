// Toasts: success closes after 5000 ms and error after 300000 ms;
// Escape, the close button and a swipe of 50 px close one; F8 moves the focus to the toasts; a
// toast's label is its accessible name and may not be empty.
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from "vitest";
import { ToastList, Toasts, useToastHotkey } from "./Toasts";

function Hotkey() {
  useToastHotkey();
  return null;
}

/** Advances the fake clock and lets React render what the timers did. */
const elapse = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

/** Shows a toast and waits for the (lazily loaded) region to draw it. */
async function show(add: () => void, name: string) {
  act(add);
  if (!vi.isFakeTimers()) return screen.findByRole("alertdialog", { name });
  await elapse(0);
  return screen.getByRole("alertdialog", { name });
}

let corner: Toasts;
beforeAll(async () => {
  // The region loads with the first toast; loaded once here, every test starts from a drawn page.
  await import("./ToastRegion");
});
beforeEach(() => {
  corner = new Toasts();
  render(
    <>
      <Hotkey />
      <button type="button">Somewhere else</button>
      <ToastList toasts={corner} placement="corner" label="Notifications" />
    </>,
  );
});
afterEach(() => {
  act(() => corner.clear());
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("what a toast shows", () => {
  test("a success toast: its label as accessible name, the title Success and the message", async () => {
    const toast = await show(() => corner.success("Your account is confirmed."), "Success Notification");
    expect(within(toast).getByText("Success")).toBeInTheDocument();
    expect(within(toast).getByText("Your account is confirmed.")).toBeInTheDocument();
    expect(toast).toHaveAccessibleDescription("Your account is confirmed.");
    expect(toast).toHaveClass("toast-success");
  });

  test("an error toast: its label as accessible name and the title Error", async () => {
    const toast = await show(() => corner.error("Incorrect username or password.", "Login Card Error"), "Login Card Error");
    expect(within(toast).getByText("Error")).toBeInTheDocument();
    expect(within(toast).getByText("Incorrect username or password.")).toBeInTheDocument();
    expect(toast).toHaveClass("toast-error");
  });

  test.each(["", "   "])("a label of %j throws, and nothing shows", (label) => {
    expect(() => corner.error("Something failed.", label)).toThrow("A toast needs a non-empty label.");
    expect(() => corner.success("Saved.", label)).toThrow("A toast needs a non-empty label.");
    expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument();
    expect(corner.queue.visibleToasts).toEqual([]);
  });
});

// The clock stands still but when a test moves it. (Testing Library's async helpers wait on a
// timer of their own, so the tests that type or click run on real time, with error toasts, which
// would last 5 minutes.)
describe("closing on a timer", () => {
  beforeEach(() => vi.useFakeTimers());

  test("a success toast closes after 5000 ms, not before", async () => {
    await show(() => corner.success("Saved."), "Success Notification");
    await elapse(4999);
    expect(screen.getByRole("alertdialog", { name: "Success Notification" })).toBeInTheDocument();
    await elapse(1);
    expect(screen.queryByRole("alertdialog", { name: "Success Notification" })).not.toBeInTheDocument();
  });

  test("an error toast closes after 300000 ms, not before", async () => {
    await show(() => corner.error("The server is not answering.", "Save Error"), "Save Error");
    await elapse(5000);
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBeInTheDocument();
    await elapse(300_000 - 5000 - 1);
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBeInTheDocument();
    await elapse(1);
    expect(screen.queryByRole("alertdialog", { name: "Save Error" })).not.toBeInTheDocument();
  });

  test("each toast keeps its own time", async () => {
    await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    await show(() => corner.success("Saved."), "Success Notification");
    await elapse(5000);
    expect(screen.queryByRole("alertdialog", { name: "Success Notification" })).not.toBeInTheDocument();
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBeInTheDocument();
  });
});

describe("closing by hand", () => {
  test("Escape closes the focused toast", async () => {
    const user = userEvent.setup();
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    act(() => toast.focus());
    await user.keyboard("{Escape}");
    expect(screen.queryByRole("alertdialog", { name: "Save Error" })).not.toBeInTheDocument();
  });

  test("Escape elsewhere does not close it", async () => {
    const user = userEvent.setup();
    await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    await user.click(screen.getByRole("button", { name: "Somewhere else" }));
    await user.keyboard("{Escape}");
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBeInTheDocument();
  });

  test("the close button closes it", async () => {
    const user = userEvent.setup();
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    await user.click(within(toast).getByRole("button", { name: "Close" }));
    expect(screen.queryByRole("alertdialog", { name: "Save Error" })).not.toBeInTheDocument();
  });

  /** A drag of the toast from x 100 to x 100 + dx, as a finger or a mouse makes it. */
  function swipe(toast: HTMLElement, dx: number) {
    fireEvent.pointerDown(toast, { pointerId: 7, button: 0, clientX: 100, clientY: 10 });
    fireEvent.pointerMove(toast, { pointerId: 7, clientX: 100 + dx / 2, clientY: 10 });
    expect(toast.style.transform).toBe(`translateX(${dx / 2}px)`);
    fireEvent.pointerMove(toast, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
    fireEvent.pointerUp(toast, { pointerId: 7, clientX: 100 + dx, clientY: 10 });
  }

  test.each([50, -50, 120])("a swipe of %i px closes it", async (dx) => {
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    swipe(toast, dx);
    expect(screen.queryByRole("alertdialog", { name: "Save Error" })).not.toBeInTheDocument();
  });

  test.each([49, -49, 10])("a swipe of %i px springs back and leaves it", async (dx) => {
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    swipe(toast, dx);
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBe(toast);
    expect(toast.style.transform).toBe("");
  });

  test("a drag that starts on the close button is not a swipe", async () => {
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    const close = within(toast).getByRole("button", { name: "Close" });
    fireEvent.pointerDown(close, { pointerId: 3, button: 0, clientX: 100 });
    fireEvent.pointerMove(toast, { pointerId: 3, clientX: 200 });
    fireEvent.pointerUp(toast, { pointerId: 3, clientX: 200 });
    expect(toast.style.transform).toBe("");
    expect(screen.getByRole("alertdialog", { name: "Save Error" })).toBe(toast);
  });
});

describe("F8", () => {
  test("moves the focus to the toast", async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Somewhere else" }));
    const toast = await show(() => corner.error("Failed.", "Save Error"), "Save Error");
    expect(toast).not.toHaveFocus();
    await user.keyboard("{F8}");
    expect(toast).toHaveFocus();
  });

  test("goes from one region to the next in page order: a card's, then the corner's, then round again", async () => {
    // Two regions with one name would make React Aria warn; each names itself.
    const warn = vi.spyOn(console, "warn");
    const user = userEvent.setup();
    const card = new Toasts();
    render(<ToastList toasts={card} placement="inline" label="Log In messages" />);
    const inCorner = await show(() => corner.success("Saved."), "Success Notification");
    const inCard = await show(() => card.error("Incorrect username or password.", "Login Card Error"), "Login Card Error");
    // The card's region stays where the card draws it; the corner's is at the end of the page.
    expect(inCard.compareDocumentPosition(inCorner) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await user.keyboard("{F8}");
    expect(inCard).toHaveFocus();
    await user.keyboard("{F8}");
    expect(inCorner).toHaveFocus();
    await user.keyboard("{F8}");
    expect(inCard).toHaveFocus();
    expect(screen.getByRole("region", { name: "Log In messages" })).toContainElement(inCard);
    expect(screen.getByRole("region", { name: "Notifications" })).toContainElement(inCorner);
    expect(warn).not.toHaveBeenCalled();
    act(() => card.clear());
  });

  test("does nothing without toasts", async () => {
    const user = userEvent.setup();
    const other = screen.getByRole("button", { name: "Somewhere else" });
    await user.click(other);
    await user.keyboard("{F8}");
    expect(other).toHaveFocus();
  });
});
