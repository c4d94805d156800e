/// Where a ``SessionRecorder`` writes the lines of a session log.
///
/// The library has two: ``FileSessionSink`` streams to a file, ``RingBufferSessionSink`` keeps
/// the last actions in memory.
@MainActor
public protocol SessionSink: AnyObject {
  /// Writes one entry; called once for the header, once for the initial state, then once per
  /// action, in order.
  ///
  /// - Parameter entry: The entry.
  /// - Throws: Whatever prevents writing; the recorder keeps the first such error in
  ///   ``SessionRecorder/failure``.
  func write(_ entry: SessionEntry) throws
}
