/// Whether a ``PromptState`` tells (an alert) or asks for a choice among actions (a
/// confirmation, an action sheet on some platforms).
public enum PromptStyle: String, Hashable, Sendable, Codable {
  /// A message the user acknowledges, with at most a few buttons.
  case alert
  /// A choice among actions, usually about something the user just asked for.
  case confirmation
}
