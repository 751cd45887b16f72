import { Component, type ErrorInfo, type ReactNode } from 'react';
import { shellText } from './strings';

interface Props {
  /** What to render instead of the children once they threw. */
  fallback: (error: Error) => ReactNode;
  children: ReactNode;
}

interface State {
  error: Error | null;
}

/** Catches render errors of the subtree. Keyed by location in the shell, so navigating resets it. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('render error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return (
      <ErrorBoundary fallback={() => <p className="qs-error__fallback">{shellText.error.fallback}</p>}>
        {this.props.fallback(this.state.error)}
      </ErrorBoundary>
    );
  }
}
