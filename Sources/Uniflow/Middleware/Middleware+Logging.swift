extension Middleware {
  /// What the logging middleware writes for each action.
  public enum LogDetail: Sendable {
    /// The action alone.
    case actions
    /// The action and the whole state after it.
    case actionsAndState
  }

  /// A middleware that logs every action, and optionally the state after it.
  ///
  /// ```swift
  /// let store = Store(
  ///   initialState: AppState(), reducer: AppReducer(),
  ///   middleware: [.logging(prefix: "app")]
  /// )
  /// // app: action increment
  /// ```
  ///
  /// - Parameters:
  ///   - prefix: Starts every line.
  ///   - detail: Whether to include the state.
  ///   - write: Receives each line; by default, standard error.
  /// - Returns: The logging middleware.
  public static func logging(
    prefix: String = "uniflow",
    detail: LogDetail = .actions,
    write: (@MainActor (String) -> Void)? = nil
  ) -> Self {
    let write = write ?? { writeLineToStandardError($0) }
    return Self { action, state, _ in
      var line = "\(prefix): action \(actionDescription(action))"
      if case .actionsAndState = detail {
        line += "\n\(prefix): state \(state)"
      }
      write(line)
    }
  }
}

/// An action written as a Swift user would: `increment`, `child(.increment)`, `add("Milk")`.
func actionDescription(_ action: Any) -> String {
  // Nested cases print with their qualified type (`child(App.Child.increment)`): shorten those
  // to the leading-dot form.
  String(describing: action).replacing(
    /(?:[A-Za-z_][A-Za-z0-9_]*\.|\(unknown context at \$[0-9a-f]+\)\.)*[A-Z][A-Za-z0-9_]*\.(?=[a-z_])/,
    with: ".")
}
