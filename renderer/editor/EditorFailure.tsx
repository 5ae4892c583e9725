import { Component, type ReactNode } from "react";
import { FormattedMessage } from "react-intl";
import { defineMessages } from "../../common/i18n/define-messages";

const messages = defineMessages({
  failed: { id: "editor.failure.message", defaultMessage: "The draft could not be opened: {reason}" },
  back: { id: "editor.failure.back", defaultMessage: "Back to templates" },
});

interface EditorFailureProps {
  children: ReactNode;
  onClose(): void;
}

interface EditorFailureState {
  error: Error | null;
}

/**
 * What the window shows when the editor cannot be opened (its module failed to load, or it failed to draw), instead
 * of React unmounting the whole app: the reason, and the way back to the templates. The draft itself is in main.
 */
export class EditorFailure extends Component<EditorFailureProps, EditorFailureState> {
  override state: EditorFailureState = { error: null };

  static getDerivedStateFromError(error: unknown): EditorFailureState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override render(): ReactNode {
    if (this.state.error === null) return this.props.children;
    return (
      <div className="screen-body" role="alert">
        <p>
          <FormattedMessage {...messages.failed} values={{ reason: this.state.error.message }} />
        </p>
        <button type="button" onClick={this.props.onClose}>
          <FormattedMessage {...messages.back} />
        </button>
      </div>
    );
  }
}
