/// Waits, yielding to other tasks, until `condition` holds or many rounds passed; returns
/// whether it holds. For results that arrive through a long-lived effect, which no
/// `StoreTask` covers.
@MainActor
func eventually(_ rounds: Int = 100_000, _ condition: () -> Bool) async -> Bool {
  for _ in 0..<rounds {
    if condition() { return true }
    await Task.yield()
  }
  return condition()
}
