// The one card every account page is drawn with: header, the card's error toasts above the
// fields, the fields, a Submit button (10rem × 3rem), and a footer linking another card.
import { useId, useRef, useState, type ReactNode } from "react";
import { Form } from "react-aria-components";
import { useDocumentTitle } from "../shell/useDocumentTitle";
import { ToastList, Toasts } from "../ui/Toasts";
import { useArrivalMessages } from "./navigation";
import { PendingButton } from "../ui/PendingButton";

interface AuthCardProps {
  title: string;
  /** The label of the card's error toasts, e.g. "Login Card Error". */
  errorLabel: string;
  cardToasts: Toasts;
  /** Called with the form element when Submit is pressed (for focusing the first invalid field). */
  onSubmit: (form: HTMLFormElement | null) => void;
  isPending: boolean;
  children: ReactNode;
  /** Links and buttons under the Submit button (Resend confirmation code, Forgot password). */
  links?: ReactNode;
  footer: ReactNode;
}

export function AuthCard({ title, errorLabel, cardToasts, onSubmit, isPending, children, links, footer }: AuthCardProps) {
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  useDocumentTitle(title);
  useArrivalMessages(cardToasts, errorLabel);
  return (
    <section className="card auth-card" aria-labelledby={headingId}>
      <h1 id={headingId} className="card-title">{title}</h1>
      <ToastList toasts={cardToasts} placement="inline" label={`${title} messages`} />
      <Form
        ref={form}
        className="card-form"
        validationBehavior="aria"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isPending) onSubmit(form.current);
        }}
      >
        {children}
        <PendingButton type="submit" className="button button-primary button-submit" isPending={isPending}>
          Submit
        </PendingButton>
      </Form>
      {links && <div className="card-links">{links}</div>}
      <footer className="card-footer">{footer}</footer>
    </section>
  );
}

/** A card's own toast queue, made once per visit of the card. */
export function useCardToasts(): Toasts {
  return useState(() => new Toasts())[0];
}
