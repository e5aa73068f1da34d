import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from './button';
import { translate } from '../../lib/i18n/translate';
import { messages } from './messages';

/**
 * Whether a render failed because a piece of the app's code could not be fetched: most often a deploy replaced the
 * files this page was built with. Each browser words it its own way.
 */
export function isMissingCode(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS|Loading (CSS )?chunk/i.test(message);
}

interface Props {
  /** What failed, for the message: "this page", "the Agents tab". */
  part: string;
  /** A change of this (the address, the tab) clears the failure: another page or tab is tried afresh. */
  resetKey?: unknown;
  children: ReactNode;
}

interface State {
  error: unknown;
  failedWith: unknown;
}

/**
 * Keeps a failure inside the part that failed: a render error or a chunk that did not load in one page or one tab
 * shows a message there, with a way on, instead of blanking the whole app. A missing chunk offers a reload (the new
 * version's files); another error offers to try again, and a reload.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failedWith: undefined };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Another page or tab: forget the failure of the previous one.
    if (state.error !== undefined && props.resetKey !== state.failedWith) return { error: undefined, failedWith: props.resetKey };
    if (state.error === undefined && props.resetKey !== state.failedWith) return { failedWith: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(`${this.props.part} failed to render`, error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    const missing = isMissingCode(error);
    return (
      <div role="alert" className="mx-auto my-6 max-w-xl rounded-lg border border-amber-300 bg-amber-50 p-5 text-sm text-amber-950">
        <p className="font-semibold">{missing ? translate(messages, 'newVersion') : translate(messages, 'renderFailed', { part: this.props.part })}</p>
        <p className="mt-1">
          {missing ? translate(messages, 'partMissing', { part: this.props.part }) : translate(messages, 'restWorks')}
        </p>
        <div className="mt-4 flex flex-wrap gap-2">
          <Button type="button" onClick={() => window.location.reload()}>
            {translate(messages, 'reload')}
          </Button>
          {!missing && (
            <Button type="button" variant="outline" onClick={() => this.setState({ error: undefined })}>
              {translate(messages, 'tryAgain')}
            </Button>
          )}
        </div>
      </div>
    );
  }
}
