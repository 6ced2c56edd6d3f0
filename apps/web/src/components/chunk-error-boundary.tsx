import { Component, type ReactNode } from 'react';

type ChunkErrorBoundaryProps = {
  /** What shows in place of the part once it failed (null: nothing). */
  fallback: (error: unknown) => ReactNode;
  children: ReactNode;
};

/**
 * Around a lazily loaded part of a screen (the search palette, the home trends, the sidebar's
 * saved views): code that could not load (offline, a new deployment) or failed to render must
 * not take the rest of the page down, so the part gives way to `fallback` alone.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    const { error } = this.state;
    return error === null ? this.props.children : this.props.fallback(error);
  }
}
