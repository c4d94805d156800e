/// Why a shared value could not be read from its storage or written to it.
///
/// A shared value never loses data because of such an error: it keeps its value (the default,
/// when nothing could be read), and its storage is not written over. The error is reported to
/// the ``SharedValues`` diagnostic handler as ``StoreDiagnostic/sharedStorageFailed(_:)`` and
/// kept in ``Shared/storageError``, which a feature can observe.
public struct SharedStorageError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The storage could not be read.
    case unreadable
    /// What the storage holds is not a value of the expected type; it is kept aside, never
    /// written over.
    case undecodable
    /// The storage holds a newer format version than this program writes: it is read-only.
    case newerFormat(found: Int, supported: Int)
    /// A write failed; the value is written again with the next change or save.
    case writeFailed
    /// A key already names a shared value of another type.
    case typeMismatch(stored: String, requested: String)
  }

  /// What went wrong.
  public var reason: Reason
  /// The storage concerned: a file's path, or a key.
  public var location: String
  /// The underlying error, described.
  public var detail: String
  /// Where an unreadable file was moved to keep it, once it was.
  public var keptAt: String?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What went wrong.
  ///   - location: The storage concerned: a file's path, or a key.
  ///   - detail: The underlying error, described.
  ///   - keptAt: Where an unreadable file was moved to keep it.
  public init(_ reason: Reason, location: String, detail: String = "", keptAt: String? = nil) {
    self.reason = reason
    self.location = location
    self.detail = detail
    self.keptAt = keptAt
  }

  /// One line naming the storage, the problem and the underlying error.
  public var description: String {
    let what: String
    switch reason {
    case .unreadable: what = "could not be read"
    case .undecodable:
      what = "does not hold a readable value; it falls back to its default and the file is kept"
    case .newerFormat(let found, let supported):
      what =
        "has format version \(found), newer than version \(supported) this program writes; it is read-only"
    case .writeFailed: what = "could not be written"
    case .typeMismatch(let stored, let requested):
      what = "holds a \(stored), not the \(requested) asked for"
    }
    var line = "Uniflow: the shared value at \(location) \(what)"
    if !detail.isEmpty { line += ": \(detail)" }
    if let keptAt { line += " (kept at \(keptAt))" }
    return line
  }
}
