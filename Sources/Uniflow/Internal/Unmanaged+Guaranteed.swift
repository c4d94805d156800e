extension Unmanaged {
  /// Calls `body` with the instance, which the caller keeps alive, without retaining it.
  ///
  /// The closure handed to the standard library is made here, outside any actor, so Swift
  /// does not check the executor each time it is called, as it would for a closure made in
  /// main-actor code.
  @inlinable
  // SAFETY: the caller keeps the instance alive for the call (a store holds its root core, whose
  // unretained reference this is); the observers' lists use `UnretainedList` instead.
  func withGuaranteed<Result>(_ body: (Instance) -> Result) -> Result {
    _withUnsafeGuaranteedRef { body($0) }
  }
}
