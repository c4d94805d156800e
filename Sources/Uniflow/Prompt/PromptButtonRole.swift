/// What a ``PromptButton`` does, for a view to style and place it.
public enum PromptButtonRole: String, Hashable, Sendable, Codable {
  /// Dismisses the prompt without doing anything.
  case cancel
  /// Destroys or deletes something: a view shows it as a warning.
  case destructive
}
