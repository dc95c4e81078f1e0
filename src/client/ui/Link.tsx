// The applicant's links, made of React Router's own hooks (useHref, useLinkClickHandler): an
// <a href> that navigates in the app on a plain left click and leaves a modified click (new tab,
// new window) to the browser. React Router's <Link> and <NavLink> bring its prefetching, view
// transitions and server-component parts, none of which the app uses, into every
// first visit (scripts/bench-client.ts measures a first visit).
import type { AnchorHTMLAttributes, MouseEvent } from "react";
import { useHref, useLinkClickHandler, useLocation } from "react-router";

interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> {
  to: string;
  /** The history entry's state, as React Router's `state` prop. */
  state?: unknown;
}

export function Link({ to, state, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const navigate = useLinkClickHandler<HTMLAnchorElement>(to, { state });
  const click = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!event.defaultPrevented) navigate(event);
  };
  return <a {...rest} href={href} onClick={click} />;
}

/** A link that says it is the current page (`aria-current="page"`) while its path is shown. */
export function NavLink(props: LinkProps) {
  const { pathname } = useLocation();
  return <Link {...props} aria-current={pathname === props.to ? "page" : undefined} />;
}
