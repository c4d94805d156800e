/// Something other processes can change, which publishes their changes when asked: a
/// repository on a shared file.
///
/// A ``TodoChangeMonitor`` asks every source of the program in turn.
public protocol OutsideChangeSource: Sendable {
  /// Publishes the contents to the source's subscribers if they were changed from outside
  /// this instance since it last read them; does nothing otherwise.
  ///
  /// - Throws: A ``TodoStoreError`` when the contents cannot be checked or read.
  func reloadIfChanged() async throws(TodoStoreError)
}
