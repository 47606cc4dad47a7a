// The app's last-resort error screen. The routes render through <BrowserRouter> and useRoutes (the declarative
// router: far less code to load than createBrowserRouter's data router, whose loaders and actions the app does
// not use), which has no error boundary of its own; this one does what the data router's default did: a render
// error anywhere replaces the app with the error, and the next navigation (back, forward) tries again.
import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router';

interface Props {
  location: Location;
  children: ReactNode;
}

interface State {
  location: Location;
  error: unknown;
  hasError: boolean;
}

const preStyles = { padding: '0.5rem', backgroundColor: 'rgba(200,200,200, 0.5)' };

export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { location: this.props.location, error: undefined, hasError: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.location === state.location
      ? null
      : { location: props.location, error: undefined, hasError: false };
  }

  componentDidCatch(error: unknown) {
    console.error('React Router caught the following error during render', error);
  }

  render() {
    if (!this.state.hasError) return this.props.children;
    const { error } = this.state;
    const message = error instanceof Error ? error.message : JSON.stringify(error);
    const stack = error instanceof Error ? error.stack : null;
    return (
      <>
        <h2>Unexpected Application Error!</h2>
        <h3 style={{ fontStyle: 'italic' }}>{message}</h3>
        {stack ? <pre style={preStyles}>{stack}</pre> : null}
      </>
    );
  }
}
