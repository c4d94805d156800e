/// Gives tasks that are ready to run the chance to reach their next suspension point: effects
/// that just started or were just woken, and the main-actor work they hop to.
///
/// Each round yields the caller's actor and makes a round trip through the global executor,
/// behind the jobs already queued there. It returns early once `isSettled` holds. This only
/// shortens the wait for work that is about to happen; nothing relies on it for correctness
/// where an explicit event is available.
///
/// - Parameters:
///   - rounds: The most rounds to yield.
///   - isSettled: Checked before each round; `true` ends the wait.
func yieldToReadyTasks(
  rounds: Int = 16,
  isolation: isolated (any Actor)? = #isolation,
  until isSettled: () -> Bool = { false }
) async {
  for _ in 0..<rounds {
    if isSettled() { return }
    await Task.yield()
    await Task.detached {}.value
  }
}
