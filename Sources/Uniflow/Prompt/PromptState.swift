/// An alert or a confirmation as a value in state: a title, a message and buttons, each
/// carrying the action it sends.
///
/// A prompt is state like any other, so a reducer decides when to ask, a test checks the
/// question word for word, and any view — SwiftUI's `alert`, a terminal line, a web page —
/// draws it:
///
/// ```swift
/// case .clearDoneTapped:
///   state.prompt = .confirmation(
///     title: "Clear 3 done todos?",
///     buttons: [
///       .destructive("Clear", action: .clearConfirmed),
///       .cancel(),
///     ])
///   return .none
/// ```
///
/// It is presented with the same machinery as any child: an optional part of the state (or a
/// case of an enum of destinations) and a ``PresentationAction`` case, composed with
/// ``Reducer/ifLet(_:action:)``. Choosing a button sends its action as
/// `.presented(action)`, and the prompt dismisses itself after the parent handled it; a button
/// without an action (a plain cancel) sends `.dismiss` (see ``PromptButton/choice``).
///
/// A prompt is `Equatable`, `Hashable`, `Sendable` and `Codable` when its actions are.
public struct PromptState<Action> {
  /// How the prompt is shown.
  public var style: PromptStyle
  /// The title.
  public var title: String
  /// The text under the title, if any.
  public var message: String?
  /// The buttons, in order. A view shows the cancel button where its platform puts it.
  public var buttons: [PromptButton<Action>]

  /// Creates a prompt.
  ///
  /// - Parameters:
  ///   - style: How the prompt is shown.
  ///   - title: The title.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons; a prompt without any shows one that dismisses it ("OK").
  public init(
    style: PromptStyle, title: String, message: String? = nil, buttons: [PromptButton<Action>] = []
  ) {
    self.style = style
    self.title = title
    self.message = message
    self.buttons = buttons.isEmpty ? [.cancel("OK")] : buttons
  }

  /// An alert.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons; without any, one that dismisses it ("OK").
  /// - Returns: The prompt.
  public static func alert(
    title: String, message: String? = nil, buttons: [PromptButton<Action>] = []
  ) -> Self {
    Self(style: .alert, title: title, message: message, buttons: buttons)
  }

  /// A confirmation: a choice among actions.
  ///
  /// - Parameters:
  ///   - title: The title.
  ///   - message: The text under the title, if any.
  ///   - buttons: The buttons.
  /// - Returns: The prompt.
  public static func confirmation(
    title: String, message: String? = nil, buttons: [PromptButton<Action>]
  ) -> Self {
    Self(style: .confirmation, title: title, message: message, buttons: buttons)
  }

  /// The button that cancels the prompt: the first with the ``PromptButtonRole/cancel``
  /// role, if there is one.
  public var cancelButton: PromptButton<Action>? {
    buttons.first { $0.role == .cancel }
  }

  /// The same prompt with its buttons' actions transformed: to present a child feature's
  /// prompt in its parent.
  ///
  /// - Parameter transform: Turns each button's action into another.
  /// - Returns: The prompt with transformed actions.
  public func map<NewAction>(_ transform: (Action) -> NewAction) -> PromptState<NewAction> {
    PromptState<NewAction>(
      style: style, title: title, message: message, buttons: buttons.map { $0.map(transform) })
  }
}

extension PromptState: Equatable where Action: Equatable {}
extension PromptState: Hashable where Action: Hashable {}
extension PromptState: Sendable where Action: Sendable {}
/// Encodes the style, title, message and buttons.
extension PromptState: Encodable where Action: Encodable {}
/// Decodes what ``PromptState``'s `Encodable` conformance writes.
extension PromptState: Decodable where Action: Decodable {}
