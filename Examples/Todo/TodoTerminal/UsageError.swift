/// A mistake on the command line: the program prints it and exits with status 2.
public struct UsageError: Error, Equatable, Sendable {
  /// What is wrong, in a sentence.
  public var message: String

  /// A usage error.
  ///
  /// - Parameter message: What is wrong, in a sentence.
  public init(_ message: String) {
    self.message = message
  }
}
