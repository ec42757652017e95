import { Component, type ErrorInfo, type ReactNode } from 'react';

// A view that throws (a build this viewer does not understand, a bug) shows what failed in place
// of the view; the header and the other views stay usable. `resetKey` (the route) clears it.

interface Props {
  resetKey: string;
  children: ReactNode;
}

interface State {
  error: Error | null;
  key: string;
}

export class ViewErrorBoundary extends Component<Props, State> {
  state: State = { error: null, key: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { error: null, key: props.resetKey };
  }

  componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('tagc viewer: a view failed', error, info.componentStack);
  }

  render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <section className="view load-error" role="alert">
        <h2>This view could not be shown</h2>
        <p>{this.state.error.message}</p>
        <p className="muted">
          The build may come from another version of tagc than this viewer. Rebuild with <code>npm run build</code>, or open another view above.
        </p>
      </section>
    );
  }
}
