// What was typed into a drawn page before React took it over is replayed, and the focus stays
// where the visitor has it: the replay runs a moment after the capture, and they may have moved on.
import { render, waitFor } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import { beforeTakeover, TakenOver } from "./takeover";

let root: HTMLElement;
afterEach(() => root.remove());

/** A drawn page with two empty text fields; answers them. */
function drawnPage(): [HTMLInputElement, HTMLInputElement] {
  root = document.createElement("main");
  root.innerHTML = '<input id="first_name" value=""><input id="last_name" value="">';
  document.body.append(root);
  return [root.querySelector<HTMLInputElement>("#first_name")!, root.querySelector<HTMLInputElement>("#last_name")!];
}

function type(input: HTMLInputElement, text: string, caret = text.length) {
  input.focus();
  input.value = text;
  input.setSelectionRange(caret, caret);
}

test("a visitor who moved to the next field after the capture keeps typing there", async () => {
  const [first, last] = drawnPage();
  type(first, "Mallory");
  beforeTakeover(root);
  type(last, "Typed-Here", 5);
  render(<TakenOver />);
  await waitFor(() => expect(first.value).toBe("Mallory"));
  expect(last.value).toBe("Typed-Here");
  expect(document.activeElement).toBe(last);
  expect([last.selectionStart, last.selectionEnd]).toEqual([5, 5]);
});

test("a page drawn again gets the values and the focus it had when the capture was made", async () => {
  const [first] = drawnPage();
  type(first, "Mallory", 3);
  beforeTakeover(root);
  // React drew the page anew: new controls, and the focus lost with the old ones.
  root.innerHTML = '<input id="first_name" value=""><input id="last_name" value="">';
  render(<TakenOver />);
  const redrawn = root.querySelector<HTMLInputElement>("#first_name")!;
  await waitFor(() => expect(redrawn.value).toBe("Mallory"));
  expect(document.activeElement).toBe(redrawn);
  expect([redrawn.selectionStart, redrawn.selectionEnd]).toEqual([3, 3]);
});
