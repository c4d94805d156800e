/// Elements given to an ``IdentifiedArray`` share an identifier.
public struct DuplicateIDError: Error, Equatable, CustomStringConvertible {
  /// The repeated identifier, as text.
  public let id: String

  /// Creates the error for a repeated identifier.
  ///
  /// - Parameter id: The identifier, as text.
  public init(id: String) {
    self.id = id
  }

  /// `duplicate element id 3`.
  public var description: String {
    "duplicate element id \(id)"
  }
}
