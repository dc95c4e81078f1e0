import { Component, type ReactNode } from "react";

interface Props {
  /** The current path: going to another one tries the page again. */
  pathname: string;
  /** What shows instead of a page that threw while rendering. */
  fallback: ReactNode;
  children: ReactNode;
}

/** A page that throws while rendering shows `fallback`; going to another path tries again. */
export class ErrorBoundary extends Component<Props, { pathname: string; failed: boolean }> {
  override state = { pathname: this.props.pathname, failed: false };

  static getDerivedStateFromProps(props: Props, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { pathname: props.pathname, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error("Route error", error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
