import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { RouteErrorPage } from './pages/route-error-page';

type Props = { children: ReactNode; resetKey: string };
type State = { failure: { error: unknown } | null };

/** Catches what a route throws while rendering (a React error boundary has to be a class). */
class Boundary extends Component<Props, State> {
  override state: State = { failure: null };

  static getDerivedStateFromError(error: unknown): State {
    return { failure: { error } };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[router]', error, info.componentStack);
  }

  override componentDidUpdate(previous: Props) {
    // Navigating away gives the next page a fresh start, as a data router's errorElement does.
    if (previous.resetKey !== this.props.resetKey && this.state.failure) this.setState({ failure: null });
  }

  override render() {
    return this.state.failure ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * The route tree's error screen. It replaces the data router's errorElement so that the app can use
 * the declarative <BrowserRouter>, which leaves the data router's code out of the shell (docs/benchmarks.md).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
