/// A button of a ``PromptState``: its label, its role, and the action it sends.
public struct PromptButton<Action> {
  /// The label.
  public var label: String
  /// The role, if the button has one.
  public var role: PromptButtonRole?
  /// The action the button sends; `nil` for a button that only dismisses the prompt.
  public var action: Action?

  /// Creates a button.
  ///
  /// - Parameters:
  ///   - label: The label.
  ///   - role: The role, if any.
  ///   - action: The action it sends; `nil` for a button that only dismisses the prompt.
  public init(_ label: String, role: PromptButtonRole? = nil, action: Action? = nil) {
    self.label = label
    self.role = role
    self.action = action
  }

  /// A button that dismisses the prompt without doing anything.
  ///
  /// - Parameter label: The label; "Cancel" unless given.
  /// - Returns: The button.
  public static func cancel(_ label: String = "Cancel") -> Self {
    Self(label, role: .cancel)
  }

  /// A button that destroys or deletes something.
  ///
  /// - Parameters:
  ///   - label: The label.
  ///   - action: The action it sends.
  /// - Returns: The button.
  public static func destructive(_ label: String, action: Action) -> Self {
    Self(label, role: .destructive, action: action)
  }

  /// What choosing this button sends to the prompt's presentation case: `.presented(action)`,
  /// or `.dismiss` for a button without an action.
  ///
  /// ```swift
  /// store.send(.prompt(prompt.buttons[choice].choice))
  /// ```
  public var choice: PresentationAction<Action> {
    action.map { .presented($0) } ?? .dismiss
  }

  /// The same button with its action transformed.
  ///
  /// - Parameter transform: Turns the action into another.
  /// - Returns: The button with a transformed action.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> PromptButton<NewAction> {
    PromptButton<NewAction>(label, role: role, action: action.map(transform))
  }
}

extension PromptButton: Equatable where Action: Equatable {}
extension PromptButton: Hashable where Action: Hashable {}
extension PromptButton: Sendable where Action: Sendable {}
/// Encodes the label, role and action.
extension PromptButton: Encodable where Action: Encodable {}
/// Decodes what ``PromptButton``'s `Encodable` conformance writes.
extension PromptButton: Decodable where Action: Decodable {}
